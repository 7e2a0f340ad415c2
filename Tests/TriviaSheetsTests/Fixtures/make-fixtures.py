#!/usr/bin/env python3
"""Makes the spreadsheet fixtures as their users make them: CSV files as Excel and
LibreOffice save them (Python's csv module, with a BOM, CRLF, semicolons), workbooks written
by openpyxl (inline strings, rich text, numbers), one workbook written by hand with what
openpyxl does not write (shared strings with runs and a phonetic guide, booleans, prefixed
names, its first sheet not sheet1.xml), and, when LibreOffice is installed
(`apt-get install libreoffice-calc-nogui`), files saved by LibreOffice Calc headless in
libreoffice/. Run once (`pip install openpyxl`); the files are committed, so the tests need
neither Python, openpyxl nor LibreOffice.
"""
import csv
import io
import os
import shutil
import subprocess
import tempfile
import zipfile

import openpyxl
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont

KAHOOT_HEADER = [
    "Question - max 120 characters",
    "Answer 1 - max 75 characters",
    "Answer 2 - max 75 characters",
    "Answer 3 - max 75 characters",
    "Answer 4 - max 75 characters",
    "Time limit (sec) \u2013 5, 10, 20, 30, 60, 90, 120, or 240 secs",
    "Correct answer(s) - choose at least one",
]
KAHOOT_TITLE = [
    ["Quiz template"],
    ["Add questions, at least two answer alternatives, time limit and choose correct answers (at least one). "
     "Have fun creating your awesome quiz!"],
    ["Remember: questions have a limit of 120 characters and answers can have 75 characters max. "
     "Text will turn red in Excel or Google Docs if you exceed this limit. If several answers are correct, "
     "separate them with a comma."],
    ["See an example question below (don't forget to overwrite this with your first question!)"],
    ["And remember,  if you're not using Excel you need to export to .xlsx format before you upload to Kahoot!"],
    [],
]
# Row 8 is the first question: a number as its right answer, as the template's cells keep it.
KAHOOT_ROWS = [
    ["What is the capital of Norway?", "Bergen", "Oslo", "Trondheim", "Stavanger", 20, 2],
    ["The Sun is a star.", "True", "False", None, None, 10, 1],
    ["In which year did Apollo 11 land on the Moon?", 1967, 1969, 1971, None, 240, 2],
    ["Which are prime numbers?", "4", "7", "9", "11", 30, "2,4"],
    ["Which planet is largest?", "Mars", "Venus", "Earth", "Saturn", 20, 5],
    [],
    ["Which gas do plants take in?", "Oxygen", None, "Carbon dioxide", "Nitrogen", 60, 3],
]

QUIZIZZ_HEADER = [
    "Question Text", "Question Type", "Option 1", "Option 2", "Option 3", "Option 4", "Option 5",
    "Correct Answer", "Time in seconds", "Image Link", "Answer explanation",
]
QUIZIZZ_ROWS = [
    ["Which ocean is the largest?", "Multiple Choice", "Atlantic", "Pacific", "Indian", "Arctic", None, 2, 30,
     None, "It covers a third of the Earth."],
    ["Which of these are mammals?", "Checkbox", "Whale", "Shark", "Bat", None, None, "1,3", 30, None, None],
    ["The capital of France is ____.", "Fill-in-the-Blank", "Paris", None, None, None, None, None, 20, None, None],
    ["Which element has the symbol Fe?", "Multiple Choice", "Iron", "Lead", "Tin", "Zinc", "Gold", 1, 45,
     "https://example.org/iron.png", None],
]


def write_csv(path, rows, delimiter=",", bom=True, encoding="utf-8"):
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(
        [["" if cell is None else cell for cell in row] for row in rows])
    data = buffer.getvalue().encode(encoding)
    with open(path, "wb") as f:
        f.write((b"\xef\xbb\xbf" if bom else b"") + data)


def write_xlsx(path, rows, title="Sheet1"):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    return book, sheet


# Kahoot: its title rows, then the header in row 7 and questions from row 8.
kahoot = KAHOOT_TITLE + [KAHOOT_HEADER] + KAHOOT_ROWS
book, sheet = write_xlsx("kahoot.xlsx", kahoot, title="Kahoot")
# Rich text: the first question's wording in runs of two fonts, as a teacher makes a word bold.
sheet["A8"] = CellRichText(["What is the ", TextBlock(InlineFont(b=True), "capital"), " of Norway?"])
book.save("kahoot.xlsx")
write_csv("kahoot.csv", kahoot, bom=False)

# Quizizz's template, as a workbook and as CSV.
write_xlsx("quizizz.xlsx", [QUIZIZZ_HEADER] + QUIZIZZ_ROWS)[0].save("quizizz.xlsx")
write_csv("quizizz.csv", [QUIZIZZ_HEADER] + QUIZIZZ_ROWS)

# This game's own columns: BOM, CRLF, a quoted line break, doubled quotes, a comma in a cell,
# empty rows, numbered wrong columns.
simple = [
    ["question", "correct", "wrong 1", "wrong 2", "wrong 3", "category", "difficulty", "seconds"],
    ["Who wrote \"Dune\"?", "Frank Herbert", "Isaac Asimov", "Arthur C. Clarke", "Ursula K. Le Guin", "Books",
     "hard", 30],
    [],
    ["Which line is from a poem?\nPick one", "Shall I compare thee", "To be, or not to be", "", "", "Poetry",
     "Medium", ""],
    ["Water boils at 100 \u00b0C at sea level.", "True", "False", "", "", "Science", "easy", 15],
    [],
    [],
    ["Caf\u00e9 is French for?", "Coffee", "Tea", "Cake", "", "", "", ""],
]
write_csv("simple.csv", simple)

# Excel in a country whose decimal mark is a comma: semicolons, and a comma inside a cell.
write_csv("semicolon.csv", [
    ["Question", "Correct", "Wrong", "Wrong", "Category"],
    ["Wie viel ist 1,5 + 1,5?", "3", "2,5", "3,5", "Mathe"],
    ["Welche Stadt liegt am Rhein?", "K\u00f6ln", "M\u00fcnchen", "Berlin", "Erdkunde"],
], delimiter=";")

# Excel's plain "CSV" on a Western Windows: Windows-1252, no BOM.
write_csv("windows-1252.csv", [
    ["question", "correct", "wrong", "wrong"],
    ["Which drink is a caf\u00e9 cr\u00e8me?", "Coffee", "Tea", "Juice"],
], bom=False, encoding="cp1252")

# What `trivia check` reports, a fault a row.
write_csv("faults.csv", [
    ["Question", "Answer 1", "Answer 2", "Answer 3", "Answer 4", "Correct answer(s)", "Time limit", "Difficulty",
     "Notes"],
    ["Which is blue?", "Sky", "Grass", "Sun", "Snow", "", 20, "easy", ""],
    ["Which is green?", "Sky", "Grass", "Sun", "Snow", 5, 20, "easy", ""],
    ["Which is yellow?", "Sky", "Grass", "", "Sun", 4, 20, "easy", ""],
    ["Which is white?", "Snow", "Grass", "Snow", "", 1, 20, "easy", ""],
    ["Which is red?", "Blood", "Grass", "", "", 1, 240, "expert", "a note"],
    ["", "Sky", "Grass", "", "", 3, 20, "easy", ""],
], bom=False)

# A thousand questions in a workbook.
thousand = [["question", "correct", "wrong", "wrong", "wrong", "category", "difficulty", "seconds"]]
for n in range(1, 1001):
    thousand.append([f"Item {n}: what is {n} plus one?", str(n + 1), str(n + 2), str(n + 3), str(n + 4),
                     f"Numbers {n % 7}", ["easy", "medium", "hard"][n % 3], 10 + n % 50])
write_xlsx("thousand.xlsx", thousand, title="Questions")[0].save("thousand.xlsx")

# By hand: what openpyxl does not write.
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
with zipfile.ZipFile("handmade.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml",
               '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
               'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
               'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>')
    z.writestr("_rels/.rels", f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/officeDocument" '
               'Target="xl/workbook.xml"/></Relationships>')
    # The first sheet in the workbook's order is sheet2.xml, its relationship rId7.
    z.writestr("xl/workbook.xml", f'<x:workbook xmlns:x="{MAIN}" xmlns:r="{REL}"><x:sheets>'
               '<x:sheet name="Quiz" sheetId="2" r:id="rId7"/><x:sheet name="Notes" sheetId="1" r:id="rId1"/>'
               '</x:sheets></x:workbook>')
    z.writestr("xl/_rels/workbook.xml.rels",
               f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/worksheet" '
               f'Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="{REL}/worksheet" '
               f'Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="{REL}/sharedStrings" '
               'Target="strings.xml"/></Relationships>')
    z.writestr("xl/strings.xml",
               f'<sst xmlns="{MAIN}"><si><t>question</t></si><si><r><t>Which city is </t></r><r><rPr><b/></rPr>'
               '<t xml:space="preserve">東京 </t></r><rPh sb="0" eb="2"><t>とうきょう</t></rPh>'
               '<r><t>?</t></r></si><si><t>Tokyo &amp; more</t><rPh sb="0" eb="5"><t>とうきょう</t></rPh></si></sst>')
    z.writestr("xl/worksheets/sheet1.xml",
               f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet'
               '</t></is></c></row></sheetData></worksheet>')
    z.writestr("xl/worksheets/sheet2.xml",
               f'<x:worksheet xmlns:x="{MAIN}"><x:sheetData>'
               '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>correct</x:t>'
               '</x:is></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>wrong</x:t></x:is></x:c>'
               '<x:c r="E1" t="inlineStr"><x:is><x:t>wrong</x:t></x:is></x:c></x:row>'
               '<x:row r="3"><x:c r="A3" t="s"><x:v>1</x:v></x:c><x:c r="B3" t="s"><x:v>2</x:v></x:c>'
               '<x:c r="C3" t="inlineStr"><x:is><x:r><x:t>Ky</x:t></x:r><x:r><x:t>oto</x:t></x:r></x:is></x:c>'
               '<x:c r="E3" t="str"><x:f>"Os"&amp;"aka"</x:f><x:v>Osaka</x:v></x:c></x:row>'
               '<x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:t>Line one_x000D_\nline two &lt;b&gt;</x:t></x:is>'
               '</x:c><x:c r="B4" t="b"><x:v>1</x:v></x:c><x:c r="C4" t="b"><x:v>0</x:v></x:c>'
               '<x:c r="D4" s="3"/></x:row>'
               '<x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:t><![CDATA[What is 6 * 7 <really>?]]></x:t>'
               '</x:is></x:c><x:c r="B5"><x:v>42</x:v></x:c><x:c r="C5"><x:v>41.5</x:v></x:c>'
               '<x:c r="E5" t="e"><x:v>#N/A</x:v></x:c></x:row>'
               '</x:sheetData></x:worksheet>')


# Hostile: a column reference that would overflow a counter, a shared string that is not there.
with zipfile.ZipFile("hostile.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
               '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')
    z.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
               f'Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
    z.writestr("xl/worksheets/sheet1.xml",
               f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="ZZZZZZZZZZZZZZZZZZZZ1" t="inlineStr"><is>'
               '<t>question</t></is></c><c t="inlineStr"><is><t>correct</t></is></c><c t="inlineStr"><is><t>wrong'
               '</t></is></c></row><row></c><c t="s"><v>7</v></c></row></sheetData></worksheet>')

# Saved by LibreOffice Calc, as a teacher who opens a file and saves it again: the workbook
# with shared strings, as Excel writes them; CSV as Calc exports it (UTF-8, comma, quoted text).
if shutil.which("soffice"):
    os.makedirs("libreoffice", exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        def calc(source, target, options=()):
            subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", *options,
                            "--convert-to", target, "--outdir", "libreoffice", source],
                           check=True, capture_output=True)
        calc("kahoot.xlsx", "xlsx:Calc Office Open XML")
        calc("quizizz.xlsx", "csv:Text - txt - csv (StarCalc):44,34,76,1")
        calc("simple.csv", "xlsx:Calc Office Open XML", ["--infilter=CSV:44,34,76,1"])
