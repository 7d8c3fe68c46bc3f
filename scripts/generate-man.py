#!/usr/bin/env python3
"""Writes the breathe-voice(1) man page from the command definitions and the hand-written sections.

The commands and options come from `breathe-voice --experimental-dump-help` (argument-parser's JSON of every command,
so the page cannot drift from the code); NAME, DESCRIPTION, KEYS, FILES, ENVIRONMENT, EXIT STATUS, EXAMPLES, AUTHORS and SEE ALSO
from man/<language>/*.roff. For a language other than English, every help sentence is read from Locales/<code>.json
(the help.* keys, as `--help` reads them) and the page's own words from man/<code>/page.json.

Usage: scripts/generate-man.py BINARY LANGUAGE DATE OUTPUT
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTIONS = [
    ("DESCRIPTION", "description"), ("COMMANDS", None), ("OPTIONS", None), ("KEYS", "keys"), ("FILES", "files"),
    ("ENVIRONMENT", "environment"), ("EXIT STATUS", "exit-status"), ("EXAMPLES", "examples"), ("AUTHORS", "authors"),
    ("SEE ALSO", "see-also"),
]


def escape(text):
    """Text for roff: backslashes, dashes and leading dots or quotes escaped; non-ASCII as \\[uXXXX]."""
    out = []
    for char in text.replace("\\", "\\e").replace("-", "\\-"):
        code = ord(char)
        out.append(char if code < 128 else "\\[u%04X]" % code)
    line = "".join(out)
    return "\\&" + line if line.startswith((".", "'")) else line


def non_ascii(line):
    """A hand-written roff line with every non-ASCII character as \\[uXXXX], which mandoc and groff both read."""
    return "".join(char if ord(char) < 128 else "\\[u%04X]" % ord(char) for char in line)


class Catalog:
    """Help sentences in one language, keyed as the program's HelpText keys them; English falls back to the code."""

    def __init__(self, language):
        self.language = language
        self.english = self.load("en")
        self.entries = self.load(language)
        words = os.path.join(ROOT, "man", language, "page.json")
        self.words = json.load(open(words, encoding="utf-8")) if os.path.exists(words) else {}

    @staticmethod
    def load(code):
        with open(os.path.join(ROOT, "Locales", code + ".json"), encoding="utf-8") as handle:
            return json.load(handle)

    def text(self, keys, fallback):
        # English decides which key a sentence lives under, as HelpText.key does.
        for key in keys:
            if key in self.english:
                return self.entries.get(key, fallback) if self.language != "en" else self.english[key]
        return fallback

    def word(self, name, english):
        return self.words.get(name, english)

    def command_key(self, path):
        return "help." + (".".join(path) if path else "root")

    def abstract(self, path, command):
        return self.text([self.command_key(path) + ".abstract"], command.get("abstract", ""))

    def discussion(self, path, command):
        if not command.get("discussion"):
            return ""
        return self.text([self.command_key(path) + ".discussion"], command["discussion"])

    def argument(self, path, argument):
        own = self.command_key(path)
        if argument["kind"] == "positional":
            name = argument["valueName"]
            keys = ["%s.argument.%s" % (own, name), "help.argument." + name]
        else:
            name = argument.get("preferredName", {}).get("name", argument["valueName"])
            keys = ["%s.option.%s" % (own, name), "help.option." + name]
        return self.text(keys, argument.get("abstract", ""))

    def value(self, name):
        return self.entries.get("help.value." + name, name) if self.language != "en" else name


def visible(items):
    return [item for item in items if item.get("shouldDisplay", True)]


def commands(command, path=()):
    """Every command below the root, depth first, without argument-parser's own `help`."""
    for sub in visible(command.get("subcommands", [])):
        if sub["commandName"] == "help":
            continue
        yield path + (sub["commandName"],), sub
        yield from commands(sub, path + (sub["commandName"],))


def spelling(argument):
    names = argument.get("names", [])
    dashes = {"long": "--", "short": "-", "longWithSingleDash": "-"}
    return ", ".join("\\fB" + escape(dashes[n["kind"]] + n["name"]) + "\\fR" for n in names)


def label(argument, catalog):
    if argument["kind"] == "positional":
        return "\\fI" + escape(catalog.value(argument["valueName"])) + "\\fR"
    text = spelling(argument)
    if argument["kind"] == "option":
        text += " \\fI" + escape(catalog.value(argument["valueName"])) + "\\fR"
    return text


def paragraphs(text):
    """A discussion as roff: prose as paragraphs, indented lines kept as they are; the exit-code table left out
    (EXIT STATUS has it)."""
    lines = []
    for block in text.split("\n\n"):
        if block.lstrip().upper().startswith(("EXIT CODES", "CÓDIGOS DE SALIDA")):
            continue
        rows = block.split("\n")
        if any(row.startswith("  ") for row in rows):
            head = [row for row in rows if not row.startswith("  ")]
            body = [row for row in rows if row.startswith("  ")]
            for row in head:
                lines.append(escape(row))
            lines += [".PP", ".RS", ".EX"] + [escape(row.strip()) for row in body] + [".EE", ".RE"]
        else:
            lines.append(escape(block.replace("\n", " ")))
        lines.append(".PP")
    while lines and lines[-1] == ".PP":
        lines.pop()
    return lines


def wrapped(lines, width=80):
    """Text lines broken at spaces to at most `width` bytes (mandoc's style check); requests and examples as they are."""
    out, example = [], False
    for line in lines:
        if line.startswith((".EX", ".nf")):
            example = True
        if line.startswith((".EE", ".fi")):
            example = False
        if example or line.startswith(".") or len(line.encode()) <= width:
            out.append(line)
            continue
        current = ""
        for word in line.split(" "):
            if current and len((current + " " + word).encode()) > width:
                out.append(current)
                current = "\\&" + word if word.startswith((".", "'")) else word
            else:
                current = current + " " + word if current else word
        if current:
            out.append(current)
    return out


def page(binary, language, date):
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    root = dump["command"]
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    catalog = Catalog(language)
    folder = os.path.join(ROOT, "man", language)
    out = [
        ".\\\" Generated by scripts/generate-man.py from the command definitions and man/%s/*.roff: run make generated." % language,
        '.TH BREATHE\\-VOICE 1 %s "%s" "%s"' % (date, escape(version), escape(catalog.word("manual", "User Commands"))),
        ".SH %s" % catalog.word("NAME", "NAME"),
        "breathe\\-voice \\- " + escape(catalog.abstract((), root)),
        ".SH %s" % catalog.word("SYNOPSIS", "SYNOPSIS"),
        ".B breathe\\-voice",
        "[\\fI%s\\fR]" % escape(catalog.word("options", "options")),
        ".br",
        ".B breathe\\-voice",
        "\\fI%s\\fR [\\fI%s\\fR]" % (escape(catalog.word("command", "command")), escape(catalog.word("options", "options"))),
    ]
    everything = list(commands(root))
    for title, name in SECTIONS:
        out.append(".SH " + escape(catalog.word(title, title)))
        if name:
            with open(os.path.join(folder, name + ".roff"), encoding="utf-8") as handle:
                out += [non_ascii(line) for line in handle.read().rstrip("\n").split("\n")]
        elif title == "COMMANDS":
            for path, command in everything:
                out += [".TP", ".B " + escape("breathe-voice " + " ".join(path)), escape(catalog.abstract(path, command))]
                discussion = catalog.discussion(path, command)
                if discussion:
                    out += [".RS", ".PP"] + paragraphs(discussion) + [".RE"]
        else:
            own = [a for a in visible(root.get("arguments", []))]
            out += [".SS breathe\\-voice"]
            for argument in own:
                out += [".TP", label(argument, catalog), escape(catalog.argument((), argument))]
            for path, command in everything:
                arguments = [a for a in visible(command.get("arguments", []))
                             if a.get("preferredName", {}).get("name") not in ("help", "version")]
                if not arguments:
                    continue
                out.append(".SS " + escape("breathe-voice " + " ".join(path)))
                for argument in arguments:
                    out += [".TP", label(argument, catalog), escape(catalog.argument(path, argument))]
    return "\n".join(wrapped(out)) + "\n"


def main():
    binary, language, date, output = sys.argv[1:5]
    text = page(binary, language, date)
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
