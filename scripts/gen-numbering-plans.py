#!/usr/bin/env python3
"""Writes Sources/LiveTextDetectors/Phone/NumberingPlanData.swift: the numbering plans of every
region, compiled to small automata over digits, from Google libphonenumber's public metadata
(github.com/google/libphonenumber, resources/PhoneNumberMetadata.xml, Apache-2.0). Only the
metadata is read, as data: per region its calling code, national (trunk) prefix, international
prefix, the national number patterns of each number type, and which national formats are written
without the trunk prefix.

    python3 scripts/gen-numbering-plans.py PhoneNumberMetadata.xml > Sources/LiveTextDetectors/Phone/NumberingPlanData.swift

(the XML: `git show HEAD:resources/PhoneNumberMetadata.xml` in a clone of libphonenumber; the
generated file names the commit given with --source).

Each pattern is parsed with Python's own regular expression parser and compiled here to a
minimal deterministic automaton over the digits 0-9 (Thompson construction, subsets, Moore
refinement); the Swift side (`PlanAutomaton`) walks it. One automaton a region for the types
(each accepting state carries a bit mask of the types whose pattern the number matches) and one
for the leading digits of the formats written without the trunk prefix (a prefix match).
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET

import warnings
warnings.filterwarnings("ignore", category=DeprecationWarning)
import sre_parse  # noqa: E402
import sre_constants as C  # noqa: E402

# The types, in the bit order of the Swift side (PlanAutomaton.typeBits).
TYPES = ["fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost", "voip", "personalNumber",
         "pager", "uan", "voicemail"]
DIGITS = range(10)


class NFA:
    def __init__(self):
        self.eps = []    # state -> [state]
        self.moves = []  # state -> [(digitset, state)]
        self.label = []  # state -> bits

    def state(self):
        self.eps.append([])
        self.moves.append([])
        self.label.append(0)
        return len(self.eps) - 1


def digit_set(op, av):
    if op == C.LITERAL:
        d = av - 48
        return {d} if 0 <= d <= 9 else set()
    if op == C.ANY:
        return set(DIGITS)
    if op == C.IN:
        negate = False
        out = set()
        for o, a in av:
            if o == C.NEGATE:
                negate = True
            elif o == C.LITERAL:
                if 48 <= a <= 57:
                    out.add(a - 48)
            elif o == C.RANGE:
                lo, hi = a
                out |= {d for d in DIGITS if lo <= d + 48 <= hi}
            elif o == C.CATEGORY:
                if a == C.CATEGORY_DIGIT:
                    out |= set(DIGITS)
                else:
                    raise ValueError(f"category {a}")
            else:
                raise ValueError(f"class item {o}")
        return set(DIGITS) - out if negate else out
    raise ValueError(f"op {op}")


def build(nfa, items, start):
    """Adds the parsed pattern `items` from `start`; returns the end state."""
    current = start
    for op, av in items:
        if op in (C.LITERAL, C.IN, C.ANY):
            nxt = nfa.state()
            nfa.moves[current].append((frozenset(digit_set(op, av)), nxt))
            current = nxt
        elif op == C.SUBPATTERN:
            current = build(nfa, av[-1], current)
        elif op == C.BRANCH:
            end = nfa.state()
            for alternative in av[1]:
                s = nfa.state()
                nfa.eps[current].append(s)
                e = build(nfa, alternative, s)
                nfa.eps[e].append(end)
            current = end
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT):
            lo, hi, sub = av
            for _ in range(lo):
                current = build(nfa, sub, current)
            if hi == C.MAXREPEAT:
                loop = nfa.state()
                nfa.eps[current].append(loop)
                e = build(nfa, sub, loop)
                nfa.eps[e].append(loop)
                current = loop
            else:
                end = nfa.state()
                nfa.eps[current].append(end)
                for _ in range(hi - lo):
                    current = build(nfa, sub, current)
                    nfa.eps[current].append(end)
                current = end
        elif op == C.AT:
            pass
        else:
            raise ValueError(f"unsupported {op}")
    return current


def closure(nfa, states):
    stack = list(states)
    seen = set(states)
    while stack:
        s = stack.pop()
        for t in nfa.eps[s]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return frozenset(seen)


def determinize(patterns, prefix_match=False):
    """patterns: [(regex, bits)] → DFA as (labels, transitions) with state 0 the start;
    transitions[s] is a list of 10 targets (-1: none). With prefix_match an accepting state is
    final: a number matches when some prefix of it does."""
    nfa = NFA()
    start = nfa.state()
    for regex, bits in patterns:
        s = nfa.state()
        nfa.eps[start].append(s)
        e = build(nfa, sre_parse.parse(regex), s)
        nfa.label[e] |= bits
    first = closure(nfa, [start])
    index = {first: 0}
    order = [first]
    labels, trans = [], []
    k = 0
    while k < len(order):
        subset = order[k]
        k += 1
        bits = 0
        for s in subset:
            bits |= nfa.label[s]
        labels.append(bits)
        row = [-1] * 10
        if not (prefix_match and bits):
            for d in DIGITS:
                targets = [t for s in subset for (ds, t) in nfa.moves[s] if d in ds]
                if not targets:
                    continue
                c = closure(nfa, targets)
                if c not in index:
                    index[c] = len(order)
                    order.append(c)
                row[d] = index[c]
        trans.append(row)
    return minimize(labels, trans)


def minimize(labels, trans):
    n = len(labels)
    # Drop states from which no accepting state is reachable.
    live = [labels[s] != 0 for s in range(n)]
    changed = True
    while changed:
        changed = False
        for s in range(n):
            if not live[s] and any(t >= 0 and live[t] for t in trans[s]):
                live[s] = changed = True
    trans = [[t if t >= 0 and live[t] else -1 for t in row] for row in trans]
    block = [labels[s] if live[s] else -1 for s in range(n)]
    while True:
        sig = {}
        new = []
        for s in range(n):
            key = (block[s], tuple(block[t] if t >= 0 else -2 for t in trans[s]))
            new.append(sig.setdefault(key, len(sig)))
        if len(sig) == len(set(block)):
            block = new
            break
        block = new
    # Renumber from the start, breadth first, only live states.
    if not live[0]:
        return [0], [[-1] * 10]
    ids = {block[0]: 0}
    rep = [0]
    k = 0
    while k < len(rep):
        s = rep[k]
        k += 1
        for t in trans[s]:
            if t >= 0 and block[t] not in ids:
                ids[block[t]] = len(rep)
                rep.append(t)
    out_labels = [labels[s] for s in rep]
    out_trans = [[ids[block[t]] if t >= 0 else -1 for t in trans[s]] for s in rep]
    return out_labels, out_trans


def clean(pattern):
    return re.sub(r"\s+", "", pattern or "")


def expand(regex, limit=40, depth=6):
    """All digit strings (up to `depth` long) the regex matches in full, or None when too many."""
    labels, trans = determinize([(regex, 1)])
    out = []

    def walk(s, prefix):
        if len(out) > limit:
            return
        if labels[s]:
            out.append(prefix)
        if len(prefix) >= depth:
            return
        for d in DIGITS:
            if trans[s][d] >= 0:
                walk(trans[s][d], prefix + str(d))
    walk(0, "")
    return None if len(out) > limit else out


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def number(v):
    """Base-62 digits, the last one marked by being upper… kept simple: base 62 with a length
    prefix is overkill; states and labels fit in two base-62 digits (3844)."""
    assert 0 <= v < 62 * 62, v
    return ALPHABET[v // 62] + ALPHABET[v % 62]


def encode(labels, trans):
    """Per state: the label (two base-62 digits), then per digit 0-9 its target + 1 (0: none),
    runs of equal targets written as `~` + count + target."""
    parts = []
    for bits, row in zip(labels, trans):
        parts.append(number(bits))
        d = 0
        while d < 10:
            e = d
            while e + 1 < 10 and row[e + 1] == row[d]:
                e += 1
            run = e - d + 1
            if run > 1:
                parts.append("~" + str(run))
            parts.append(number(row[d] + 1))
            d = e + 1
    return "".join(parts)


def group_widths(pattern):
    """The (min, max) digits of each capturing group of a format's pattern."""
    widths = []
    for op, av in sre_parse.parse(pattern):
        if op == C.SUBPATTERN:
            lo, hi = av[-1].getwidth()
            widths.append((lo, min(hi, 20)))
    return widths


def national_shapes(territory, trunk, default_rule, default_optional):
    """The digit counts of the groups a national number is written in, per format: `3.4-5.4`
    (a group of 3, one of 4 or 5, one of 4), the trunk prefix counted in the first group when
    written against it ("$NP$FG"), as a group of its own when spaced ("$NP $FG")."""
    shapes = []
    for fmt in territory.iter("numberFormat"):
        widths = group_widths(clean(fmt.get("pattern")))
        text = (fmt.findtext("format") or "").strip()
        order = [int(x) for x in re.findall(r"\$(\d)", text)]
        if not widths or sorted(order) != list(range(1, len(widths) + 1)):
            continue
        # Groups written together ("$1$2") are one group.
        merged = []
        pieces = re.split(r"(\$\d)", text)
        glued = False
        for piece in pieces:
            if re.fullmatch(r"\$\d", piece):
                lo, hi = widths[int(piece[1]) - 1]
                if glued and merged:
                    a, b = merged[-1]
                    merged[-1] = (a + lo, b + hi)
                else:
                    merged.append((lo, hi))
                glued = True
            elif piece:
                glued = False
        rule = fmt.get("nationalPrefixFormattingRule", default_rule) if trunk else ""
        optional = fmt.get("nationalPrefixOptionalWhenFormatting")
        optional = default_optional if optional is None else optional == "true"
        variants = []
        if "$NP" in rule:
            first_lo, first_hi = merged[0]
            if re.search(r"\$NP\s+\$FG", rule):
                variants.append([(len(trunk), len(trunk))] + merged)
            else:
                extra = len(re.sub(r"[^0-9]", "", rule.replace("$NP", trunk).replace("$FG", "")))
                variants.append([(first_lo + extra, first_hi + extra)] + merged[1:])
            if optional:
                variants.append(merged)
        else:
            variants.append(merged)
        for v in variants:
            shape = ".".join(str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in v)
            if shape not in shapes:
                shapes.append(shape)
    return shapes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("xml")
    ap.add_argument("--source", default="unknown commit")
    args = ap.parse_args()
    root = ET.parse(args.xml).getroot()
    lines = []
    stats = []
    for territory in root.iter("territory"):
        region = territory.get("id")
        if not region.isalpha():
            continue  # "001": the non-geographic entities
        code = territory.get("countryCode")
        trunk = territory.get("nationalPrefix") or ""
        idd = clean(territory.get("internationalPrefix"))
        preferred = territory.get("preferredInternationalPrefix") or ""
        main_country = territory.get("mainCountryForCode") == "true"
        prefixes = expand(idd) if idd else []
        if prefixes is None:
            prefixes = [preferred] if preferred.isdigit() else []
        prefixes = sorted(set(p for p in prefixes if p))
        patterns = []
        for bit, name in enumerate(TYPES):
            desc = territory.find(name)
            if desc is None:
                continue
            pattern = desc.find("nationalNumberPattern")
            if pattern is None:
                continue
            patterns.append((clean(pattern.text), 1 << bit))
        if not patterns:
            continue
        labels, trans = determinize(patterns)
        # Leading digits of the national formats written without the trunk prefix.
        default_rule = territory.get("nationalPrefixFormattingRule") or ""
        default_optional = territory.get("nationalPrefixOptionalWhenFormatting") == "true"
        bare = []
        if trunk:
            for fmt in territory.iter("numberFormat"):
                rule = fmt.get("nationalPrefixFormattingRule", default_rule)
                optional = fmt.get("nationalPrefixOptionalWhenFormatting")
                optional = default_optional if optional is None else optional == "true"
                if "$NP" in rule and not optional:
                    continue
                leading = fmt.findall("leadingDigits")
                bare.append("(?:" + clean(leading[0].text) + ")" if leading else r"\d")
        shapes = national_shapes(territory, trunk, default_rule, default_optional)
        if bare:
            bare_labels, bare_trans = determinize([("|".join(bare), 1)], prefix_match=True)
            bare_code = encode(bare_labels, bare_trans)
        else:
            bare_code = ""
        flags = ("m" if main_country else "")
        lines.append(" ".join([region, code, trunk or "-", ",".join(prefixes) or "-", flags or "-",
                               encode(labels, trans), bare_code or "-", ",".join(shapes) or "-"]))
        stats.append((len(labels), region))
    body = "\n".join(lines)
    out = sys.stdout
    out.write("// GENERATED by scripts/gen-numbering-plans.py: do not edit by hand.\n")
    out.write("// Data: Google libphonenumber's numbering-plan metadata, resources/PhoneNumberMetadata.xml\n")
    out.write(f"// (https://github.com/google/libphonenumber, {args.source}), Apache License 2.0:\n")
    out.write("// calling codes, trunk and international prefixes, the national number patterns of each\n")
    out.write("// type compiled to automata over digits, and the leading digits of formats written\n")
    out.write("// without the trunk prefix. Format: `PlanAutomaton`, `GeneratedPlans`.\n\n")
    out.write("enum NumberingPlanData {\n")
    out.write(f"    /// {len(lines)} regions, one a line: REGION CODE TRUNK IDD,… FLAGS TYPES BARE SHAPES\n")
    out.write("    static let text = \"\"\"\n")
    for line in lines:
        out.write("        " + line.replace("\\", "\\\\") + "\n")
    out.write("        \"\"\"\n}\n")
    stats.sort(reverse=True)
    print(f"{len(lines)} regions, {sum(s for s, _ in stats)} states, largest {stats[:5]}, "
          f"{len(body)} characters", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
