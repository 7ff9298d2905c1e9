"""Hostile inputs whose cost used to grow faster than their size (issue 14, section 3).

Each case writes one input of a given size into a folder and returns the familychart
command that reads it. `scripts/bench` times every case at two sizes (and against
`--baseline`); `scripts/bench --hostile` runs only these. A case is near-linear when
time and peak memory grow about as much as the size (2x here), not its square (4x).

Usage alone: python3 scripts/hostile_inputs.py FOLDER CASE SIZE  (prints the command)
"""
import json
import os
import sys


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def _person(pid, name="P", **fields):
    person = {"id": pid, "name": name, "gender": "male", "coupleID": "", "childrenIDs": []}
    person.update(fields)
    return person


def conc_lines(folder, megabytes):
    """One note continued over many CONC/CONT lines (64 characters each)."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @I1@ INDI", "1 NAME Ann /Long/", "1 NOTE start"]
    count = megabytes * (1 << 20) // 72
    lines += [f"2 {'CONC' if i % 2 else 'CONT'} {'x' * 64}" for i in range(count)]
    lines.append("0 TRLR")
    return ["validate", _write(os.path.join(folder, f"conc-{megabytes}.ged"), "\n".join(lines) + "\n")]


def stray_lines(folder, megabytes):
    """A note followed by many lines without a level number (line breaks inside a value)."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @I1@ INDI", "1 NAME Ann /Long/", "1 NOTE start"]
    count = megabytes * (1 << 20) // 65
    lines += ["y" * 64 for _ in range(count)]
    lines.append("0 TRLR")
    return ["validate", _write(os.path.join(folder, f"stray-{megabytes}.ged"), "\n".join(lines) + "\n")]


def dangling_ids(folder, count):
    """10,000 persons; one lists `count` children that do not exist ("did you mean")."""
    persons = [_person(f"person-{i:05d}") for i in range(10_000)]
    persons[0]["childrenIDs"] = [f"missing-{i:05d}" for i in range(count)]
    return ["validate", _write(os.path.join(folder, f"dangling-{count}.json"), json.dumps({"generations": [persons]}))]


def empty_generations(folder, count):
    """`count` empty generations, then `count / 10` unrelated persons: roots far down."""
    generations = [[] for _ in range(count)] + [[_person(f"g{i}") for i in range(count // 10)]]
    # Written to a file, never /dev/null: a --baseline build from before issue 14 would
    # replace /dev/null with a regular file.
    return ["layout", _write(os.path.join(folder, f"generations-{count}.json"), json.dumps({"generations": generations})),
            "-o", os.path.join(folder, f"generations-{count}.scene.json")]


def combining_marks(folder, count):
    """One name: a letter and `count` combining acute accents."""
    name = "a" + "\u0301" * count
    return ["render", _write(os.path.join(folder, f"marks-{count}.json"), json.dumps({"generations": [[_person("p", name)]]})),
            "-o", os.path.join(folder, f"marks-{count}.png")]


def ansel_cluster(folder, count):
    """An ANSEL GEDCOM name with `count` combining marks (of five combining classes, so
    normalising must reorder them) before one letter."""
    marks = bytes([0xE2, 0xF2, 0xF0, 0xE8, 0xF6]) * (count // 5)
    data = b"0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME " + marks + b"a /B/\n0 TRLR\n"
    return ["validate", _write(os.path.join(folder, f"ansel-{count}.ged"), data)]


def long_name(folder, megabytes):
    """One person whose name is `megabytes` MiB of letters."""
    name = "abcdefgh " * (megabytes * (1 << 20) // 9)
    return ["render", _write(os.path.join(folder, f"name-{megabytes}.json"), json.dumps({"generations": [[_person("p", name)]]})),
            "-o", os.path.join(folder, f"name-{megabytes}.png")]


def many_children(folder, count):
    """One GEDCOM family with `count` children, each naming it back with FAMC."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @F1@ FAM", "1 HUSB @I0@"]
    lines += [f"1 CHIL @I{i}@" for i in range(1, count + 1)]
    lines += ["0 @I0@ INDI", "1 NAME Father /F/", "1 SEX M", "1 FAMS @F1@"]
    for i in range(1, count + 1):
        lines += [f"0 @I{i}@ INDI", f"1 NAME Child{i} /F/", "1 FAMC @F1@"]
    lines.append("0 TRLR")
    return ["validate", _write(os.path.join(folder, f"children-{count}.ged"), "\n".join(lines) + "\n")]


def long_manifest_line(folder, megabytes):
    """A batch manifest whose one line is `megabytes` MiB long (a huge id)."""
    line = json.dumps({"input": "missing.json", "output": "out.png", "id": "i" * (megabytes * (1 << 20))})
    return ["batch", _write(os.path.join(folder, f"manifest-{megabytes}.jsonl"), line + "\n"), "--quiet"]


def many_problems(folder, count):
    """`count` persons that each name a spouse who does not exist (seed JSON problems)."""
    persons = [_person(f"p{i}", coupleID=f"nobody{i}") for i in range(count)]
    return ["validate", _write(os.path.join(folder, f"problems-{count}.json"), json.dumps({"generations": [persons]}))]


def poster_sheets(folder, count):
    """A synthetic family of `count` persons as an A6 poster (one sheet per A6 page)."""
    return ["render", "@generate", str(count), "-o", os.path.join(folder, f"poster-{count}.pdf"), "--paper", "A6", "--poster"]


# (name, generator, small size, large size, what the size counts)
CASES = [
    ("GEDCOM CONC/CONT joins", conc_lines, 2, 4, "MiB"),
    ("GEDCOM stray-line joins", stray_lines, 2, 4, "MiB"),
    ("did-you-mean hints", dangling_ids, 1_000, 2_000, "dangling ids"),
    ("roots x empty generations", empty_generations, 2_000, 4_000, "empty generations (roots: a tenth)"),
    ("combining marks in a name", combining_marks, 10_000, 20_000, "marks"),
    ("ANSEL mark cluster", ansel_cluster, 40_000, 80_000, "marks"),
    ("one long name", long_name, 4, 8, "MiB"),
    ("GEDCOM family with many children", many_children, 20_000, 40_000, "children"),
    ("one long manifest line", long_manifest_line, 4, 8, "MiB"),
    ("seed JSON problem list", many_problems, 100_000, 200_000, "problems"),
    ("A6 poster sheets", poster_sheets, 250, 500, "persons"),
]


def command(tool, folder, generator, size):
    """The full command line for one case (a generated family is made with `tool` first)."""
    arguments = generator(folder, size)
    if arguments[1] == "@generate":
        path = os.path.join(folder, f"family-{arguments[2]}.json")
        if not os.path.exists(path):
            import subprocess
            subprocess.run([tool, "generate", arguments[2], "--seed", "1", "-o", path], check=True)
        arguments = [arguments[0], path] + arguments[3:]
    return [tool] + arguments


if __name__ == "__main__":
    folder, name, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    generator = {case[1].__name__: case[1] for case in CASES}[name]
    print(" ".join(command("familychart", folder, generator, size)))
