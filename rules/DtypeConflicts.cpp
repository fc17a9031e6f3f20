// Shared view of the dtype conflicts; written with the dtype engine.
