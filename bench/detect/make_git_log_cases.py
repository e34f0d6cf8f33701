#!/usr/bin/python3
"""Date cases from real `git log` output: the commit headers of a public repository as git prints
them, for bench/detect.py. The text is git's (names, e-mails, subjects and timestamps of the
repository's authors, with their own UTC offsets); nothing in it is ours.

    git clone --bare https://github.com/pyenv/pyenv /tmp/pyenv.git
    /usr/bin/python3 bench/detect/make_git_log_cases.py /tmp/pyenv.git > bench/detect-data/git-log.jsonl

Commits are taken evenly over the whole history (oldest to newest, at most --count of them), and
each is printed in one of git's date formats in turn: the default (`Date:   Tue Mar 5 14:03:11
2024 +0100`), --format=fuller (AuthorDate and CommitDate), --date=iso (`2024-03-05 14:03:11
+0100`), --date=iso-strict (`2024-03-05T14:03:11+01:00`), --date=rfc (`Tue, 5 Mar 2024 14:03:11
+0100`) and a one-line `%h %ai %an` listing. Labels come from git's own layout: the value after
`Date:`, `AuthorDate:` and `CommitDate:` (and the `%ai` field) is the date item, whole, offset
included. The subject line is kept only when it holds no digit (a version or a date in a subject
would be an item nobody labelled). One JSON line per case: {"id", "text", "items", "source"}.
"""
import json
import re
import subprocess
import sys

FORMATS = ["default", "fuller", "iso", "iso-strict", "rfc", "oneline"]
DATE_LINE = re.compile(r"^(Date|AuthorDate|CommitDate):\s+(.*\S)\s*$")


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                          text=True, encoding="utf-8", errors="replace").stdout


def header(repo, commit, form):
    """(text, dates) of one commit's header in `form`."""
    if form == "oneline":
        line = git(repo, "show", "-s", "--format=%h %ai %an", commit).strip()
        parts = line.split(" ")
        return line, [" ".join(parts[1:4])]
    args = {"default": ["--format=medium"], "fuller": ["--format=fuller"],
            "iso": ["--format=medium", "--date=iso"], "iso-strict": ["--format=medium", "--date=iso-strict"],
            "rfc": ["--format=medium", "--date=rfc"]}[form]
    raw = git(repo, "show", "-s", "--no-decorate", *args, commit)
    lines, dates, subject_done = [], [], False
    for line in raw.rstrip("\n").split("\n"):
        if line.startswith("    ") and line.strip():
            if subject_done:
                continue
            subject_done = True
            if any(c.isdigit() for c in line):
                continue
        elif not line.strip() and subject_done:
            continue
        match = DATE_LINE.match(line)
        if match:
            dates.append(match.group(2))
        lines.append(line.rstrip())
    return "\n".join(lines).strip("\n"), dates


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: make_git_log_cases.py REPO.git [--count N] [--name OWNER/NAME]")
    repo = sys.argv[1]
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 240
    commits = git(repo, "rev-list", "--reverse", "HEAD").split()
    step = max(1, len(commits) // count)
    name = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv else repo
    for index, commit in enumerate(commits[::step][:count]):
        form = FORMATS[index % len(FORMATS)]
        text, dates = header(repo, commit, form)
        case = {"id": f"git-log:{commit[:10]}:{form}", "text": text,
                "items": [{"type": "date", "text": d} for d in dates],
                "source": f"git log of {name} ({form})"}
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
