// NOLINTBEGIN
// NOLINTBEGIN(torch-*)
int a; // NOLINT(torch-discarded-move, -torch-hardcoded-device)
// NOLINTEND(torch-*)
// NOLINTNEXTLINE()
int b;
/* NOLINT(unclosed
*/ int c; // NOLINTEND
// NOLINTEND(torch-device-mismatch)
// NOLINTNEXTLINE(*)
