#!/usr/bin/env bash
# clang-tidy loads the plugin with every symbol bound, and lists one check
# per row of RuleTable.def, named by the rule id.
source "$(dirname "$0")/lib.sh"

TABLE=$SOURCE_DIR/include/core/torchlint/core/RuleTable.def
grep -oE '^TORCHLINT_RULE\("[a-z0-9-]+"' "$TABLE" | cut -d'"' -f2 |
  LC_ALL=C sort >"$WORK/rules"
(($(wc -l <"$WORK/rules") > 0)) || fail "no rules read from $TABLE"

tidy --list-checks -checks='-*,torch-*' >"$WORK/list" 2>&1 ||
  { cat "$WORK/list" >&2; fail "clang-tidy could not load $PLUGIN"; }
grep -oE '^ +torch-[a-z0-9-]+$' "$WORK/list" | tr -d ' ' |
  LC_ALL=C sort >"$WORK/checks"
diff -u "$WORK/rules" "$WORK/checks" ||
  fail "checks listed (+) differ from RuleTable.def (-)"

# "-checks=*" must include them too: the checks are ordinary checks.
tidy --list-checks -checks='*' >"$WORK/all" 2>&1
while read -r Rule; do
  grep -qE "^ +$Rule\$" "$WORK/all" || fail "$Rule missing from -checks='*'"
done <"$WORK/rules"
echo "PASS: $(wc -l <"$WORK/rules") rules listed as checks"
