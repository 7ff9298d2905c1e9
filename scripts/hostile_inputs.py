"""Hostile inputs whose cost used to grow faster than their size (issue 14, section 3; issue 23).

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


def deep_chain(folder, generations, chart="ancestors"):
    """A single line of fathers `generations` deep (GEDCOM), as an ancestor chart of its
    youngest (the default focus: the deepest line)."""
    lines = ["0 HEAD", "1 CHAR UTF-8"]
    for i in range(generations):
        lines += [f"0 @I{i}@ INDI", f"1 NAME P{i} /Line/", "1 SEX M"]
        if i > 0:
            lines.append(f"1 FAMC @F{i}@")
        if i + 1 < generations:
            lines.append(f"1 FAMS @F{i + 1}@")
    for i in range(1, generations):
        lines += [f"0 @F{i}@ FAM", f"1 HUSB @I{i - 1}@", f"1 CHIL @I{i}@"]
    lines.append("0 TRLR")
    path = os.path.join(folder, f"chain-{generations}.ged")
    if not os.path.exists(path):
        _write(path, "\n".join(lines) + "\n")
    return ["layout", path, "--chart", chart, "-o", os.path.join(folder, f"chain-{generations}-{chart}.scene.json")]


def deep_chain_descendants(folder, generations):
    """The same line as a descendant chart (the yardstick for the ancestor chart)."""
    return deep_chain(folder, generations, chart="descendants")


def many_partners(folder, count):
    """One man with `count` wives, one family each (GEDCOM), as a family chart."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @I0@ INDI", "1 NAME Man /Many/", "1 SEX M"]
    lines += [f"1 FAMS @F{i}@" for i in range(1, count + 1)]
    for i in range(1, count + 1):
        lines += [f"0 @I{i}@ INDI", f"1 NAME Wife{i} /W/", "1 SEX F", f"1 FAMS @F{i}@"]
        lines += [f"0 @F{i}@ FAM", "1 HUSB @I0@", f"1 WIFE @I{i}@"]
    lines.append("0 TRLR")
    return ["layout", _write(os.path.join(folder, f"partners-{count}.ged"), "\n".join(lines) + "\n"),
            "-o", os.path.join(folder, f"partners-{count}.scene.json")]


def huge_id_seed(folder, megabytes):
    """A seed file whose one id of `megabytes` MiB is quoted seven times (id, spouse,
    children), drawn with the flags docs/services.md recommends for uploads."""
    big = "i" * (megabytes * (1 << 20))
    persons = [{"id": big, "name": "P", "coupleID": big, "childrenIDs": [big] * 4}, {"id": "q", "name": "Q", "coupleID": big}]
    return ["render", _write(os.path.join(folder, f"huge-id-{megabytes}.json"), json.dumps({"generations": [persons]})),
            "-o", os.path.join(folder, f"huge-id-{megabytes}.png"), "--photos", "local", "--max-bytes", "16M", "--max-persons", "50000"]


def long_title(folder, megabytes):
    """A GEDCOM header whose FILE title is `megabytes` MiB with a right-to-left override."""
    data = "0 HEAD\n1 CHAR UTF-8\n1 FILE \u202e" + "t" * (megabytes * (1 << 20)) + ".ged\n0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 TRLR\n"
    return ["render", _write(os.path.join(folder, f"title-{megabytes}.ged"), data), "-o", os.path.join(folder, f"title-{megabytes}.pdf")]


def photo_budget(folder, count):
    """`count` small PNGs (1-bit, 6320 px square, about 8 KB each) on `count` persons."""
    import struct
    import zlib
    side = 6320
    row = b"\x00" + b"\x00" * ((side + 7) // 8)
    raw = zlib.compress(row * side, 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    persons = []
    for i in range(count):
        _write(os.path.join(folder, f"photo-{i}.png"), png)
        persons.append(_person(f"p{i}", f"P{i}", photo=f"photo-{i}.png"))
    return ["render", _write(os.path.join(folder, f"photos-{count}.json"), json.dumps({"generations": [persons]})),
            "-o", os.path.join(folder, f"photos-{count}.png")]


def small_records(folder, megabytes):
    """A GEDCOM file of `megabytes` MiB of tiny non-person records (notes), one person:
    memory per input byte."""
    count = megabytes * (1 << 20) // 24
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @I1@ INDI", "1 NAME A /B/"]
    lines += [f"0 @N{i}@ NOTE x" for i in range(count)]
    lines.append("0 TRLR")
    return ["validate", _write(os.path.join(folder, f"records-{megabytes}.ged"), "\n".join(lines) + "\n"), "--max-bytes", "1G"]


def wide_pedigree(folder, width):
    """`relate` on a wide pedigree: one parent with `width` children (a power of two) who
    marry in pairs, their children in pairs, ... down to one person A; B is one more child
    of the parent. A's nearest line runs up through every one of the `width` children."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @F0@ FAM", "1 HUSB @C@"]
    people = [f"T{i}" for i in range(width)]
    lines += [f"1 CHIL @{p}@" for p in people] + ["1 CHIL @B@"]
    records = {"C": ("Root /Wide/", "M", [], ["F0"]), "B": ("Other /Wide/", "F", ["F0"], [])}
    for i, p in enumerate(people):
        records[p] = (f"Top{i} /Wide/", "MF"[i % 2], ["F0"], [])
    family = 0
    while len(people) > 1:
        below = []
        for husband, wife in zip(people[0::2], people[1::2]):
            family += 1
            child = f"P{family}"
            lines += [f"0 @F{family}@ FAM", f"1 HUSB @{husband}@", f"1 WIFE @{wife}@", f"1 CHIL @{child}@"]
            records[husband][3].append(f"F{family}")
            records[wife][3].append(f"F{family}")
            records[child] = (f"Child{family} /Wide/", "MF"[len(below) % 2], [f"F{family}"], [])
            below.append(child)
        people = below
    for pid, (name, sex, famc, fams) in records.items():
        lines += [f"0 @{pid}@ INDI", f"1 NAME {name}", f"1 SEX {sex}"] + [f"1 FAMC @{f}@" for f in famc] + [f"1 FAMS @{f}@" for f in fams]
    lines.append("0 TRLR")
    path = _write(os.path.join(folder, f"wide-{width}.ged"), "\n".join(lines) + "\n")
    return ["relate", path, people[0], "B"]


def box_field_marks(folder, count):
    """Issue 49, R2: an occupation of one letter and `count` combining marks, drawn with
    `--box name,occupation`."""
    data = "0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ann /B/\n1 OCCU a" + "\u0301" * count + "\n0 TRLR\n"
    return ["render", _write(os.path.join(folder, f"occupation-marks-{count}.ged"), data),
            "-o", os.path.join(folder, f"occupation-marks-{count}.png"), "--box", "name,occupation"]


def long_place(folder, megabytes):
    """Issue 49, R2: a birth place of `megabytes` MiB, drawn with `--box name,place`."""
    data = "0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ann /B/\n1 BIRT\n2 PLAC " + "Town, " * (megabytes * (1 << 20) // 6) + "\n0 TRLR\n"
    return ["render", _write(os.path.join(folder, f"place-{megabytes}.ged"), data),
            "-o", os.path.join(folder, f"place-{megabytes}.png"), "--box", "name,place"]


def married_children(folder, count):
    """Issue 49, R5: one couple with `count` married children, laid out with marriage
    labels (`--box name,marriage`)."""
    lines = ["0 HEAD", "1 CHAR UTF-8", "0 @F0@ FAM", "1 HUSB @P1@", "1 WIFE @P2@", "1 MARR", "2 DATE 1850"]
    lines += [f"1 CHIL @C{i}@" for i in range(count)]
    lines += ["0 @P1@ INDI", "1 NAME Father /F/", "1 SEX M", "1 FAMS @F0@", "0 @P2@ INDI", "1 NAME Mother /F/", "1 SEX F", "1 FAMS @F0@"]
    for i in range(count):
        lines += [f"0 @C{i}@ INDI", f"1 NAME Child{i} /F/", "1 SEX M", "1 FAMC @F0@", f"1 FAMS @G{i}@",
                  f"0 @W{i}@ INDI", f"1 NAME Wife{i} /W/", "1 SEX F", f"1 FAMS @G{i}@",
                  f"0 @G{i}@ FAM", f"1 HUSB @C{i}@", f"1 WIFE @W{i}@", "1 MARR", "2 DATE 1880"]
    lines.append("0 TRLR")
    return ["layout", _write(os.path.join(folder, f"married-children-{count}.ged"), "\n".join(lines) + "\n"),
            "-o", os.path.join(folder, f"married-children-{count}.scene.json"), "--box", "name,marriage"]


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
    # Issue 23.
    ("ancestor chart of a deep line", deep_chain, 20_000, 40_000, "generations"),
    ("descendant chart of the same line", deep_chain_descendants, 20_000, 40_000, "generations"),
    ("one man's partners (family chart)", many_partners, 20_000, 40_000, "partners"),
    ("seed id quoted in messages", huge_id_seed, 1, 2, "MiB id"),
    ("GEDCOM header title", long_title, 4, 8, "MiB"),
    ("decoded photos per chart", photo_budget, 10, 20, "photos"),
    ("tiny GEDCOM records", small_records, 4, 8, "MiB"),
    # Issue 49, R8.
    ("relate on a wide pedigree", wide_pedigree, 4_096, 8_192, "children on the line"),
    # Issue 49, R10: one long note's text trimmed (was 3.5-6 s for 16 MiB).
    ("GEDCOM long note (trim)", conc_lines, 8, 16, "MiB"),
    # Issue 49, R5.
    ("marriage labels of many married children", married_children, 12_500, 25_000, "children"),
    # Issue 49, R2.
    ("marks in a box field", box_field_marks, 20_000, 40_000, "marks"),
    ("one long place in a box", long_place, 4, 8, "MiB"),
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
