"""Matching reported items against expected ones, for bench/detect.py.

Rule: an expected item is found when an unused reported item of the same type overlaps it by at
least 80 % of the expected item's length in characters (strict: same start and end). Matching is one
to one, each expected item (in text order) taking the reported item that overlaps it most. A reported
item left unmatched is a false positive only when its type is known for the case (see corpora.py).
An expected item marked optional is matched first and counts for nothing either way; reported items
that overlap it are not false positives.
"""

OVERLAP = 0.8


def matches(expected, reported, strict):
    if strict:
        return expected["start"] == reported["start"] and expected["end"] == reported["end"]
    overlap = min(expected["end"], reported["end"]) - max(expected["start"], reported["start"])
    return overlap > 0 and overlap >= OVERLAP * (expected["end"] - expected["start"])


def overlap_of(expected, reported):
    return min(expected["end"], reported["end"]) - max(expected["start"], reported["start"])


def score_case(case, reported, kind, strict):
    """(tp, fp, fn, missed expected items, false-positive reported items) of one type in one case."""
    known = case["known"] == "*" or kind in case["known"]
    expected = [i for i in case["items"] if i["type"] == kind]
    seen, pool = set(), []
    for r in reported:
        key = (r["start"], r["end"])
        if r["type"] == kind and key not in seen:
            seen.add(key)
            pool.append(r)
    used = [False] * len(pool)
    missed = []
    tp = 0
    # optional items first: a reported item they take is neither a hit nor a false positive
    expected = sorted(expected, key=lambda e: not e.get("optional", False))
    for e in expected:
        best, best_overlap = None, 0
        for j, r in enumerate(pool):
            if not used[j] and matches(e, r, strict):
                o = overlap_of(e, r)
                if o > best_overlap:
                    best, best_overlap = j, o
        if best is None:
            if not e.get("optional"):
                missed.append(e)
        else:
            used[best] = True
            tp += 0 if e.get("optional") else 1
    # what overlaps an optional item at all is left out too: a detector may read "23 days, 4:06"
    # as two items where the label has one
    for j, r in enumerate(pool):
        if not used[j] and any(e.get("optional") and overlap_of(e, r) > 0 for e in expected):
            used[j] = True
    extra = [r for j, r in enumerate(pool) if not used[j]] if known else []
    return tp, len(extra), len(missed), missed, extra


def prf(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else None
    r = tp / (tp + fn) if tp + fn else None
    if tp + fn == 0:
        f1 = None  # nothing expected: F1 says nothing (the false positives still show in P and fp)
    elif tp == 0:
        f1 = 0.0  # nothing right: F1 0 even when P or R is undefined
    else:
        f1 = 2 * p * r / (p + r)
    return {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f1": f1}


def score(cases, reports, kind, strict):
    """Totals over cases for one engine and one type. reports: {case id: [items]} (a case absent
    from reports counts as nothing reported). Returns (metrics, misses)."""
    tp = fp = fn = 0
    misses = []
    for case in cases:
        t, f, n, missed, extra = score_case(case, reports.get(case["id"], []), kind, strict)
        tp, fp, fn = tp + t, fp + f, fn + n
        if missed or extra:
            misses.append((case, missed, extra))
    return prf(tp, fp, fn), misses


def relevant(case, kind):
    """Whether a case says anything about a type: it expects such items or knows the type."""
    return case["known"] == "*" or kind in case["known"] or any(i["type"] == kind for i in case["items"])
