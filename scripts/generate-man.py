#!/usr/bin/env python3
"""Writes the breathe-voice(1) man page from the command definitions and the hand-written sections.

The commands and options come from `breathe-voice --experimental-dump-help` (argument-parser's JSON of every command,
so the page cannot drift from the code). Everything else comes from the language's one file, Locales/<code>.json: the
hand-written sections (DESCRIPTION, KEYS, FILES, ENVIRONMENT, EXAMPLES, AUTHORS, SEE ALSO) from its
`_man.section.<name>` members, in roff; EXIT STATUS from its exit.<code> sentences (the table `--help` shows); the page's own words (section titles, "options") from `_man.word.<word>`; and,
for a language other than English, every help sentence from its help.* keys, as `--help` reads them.

Every language whose file has the sections gets a page (a regional variant such as es-419 has none), at
man/<code>/breathe-voice.1 (English's at man/en/breathe-voice.1) under the folder scripts/generate-files.sh writes
into; the pages are never committed (each lists the languages).

Usage: scripts/generate-man.py --list                 prints "CODE PATH" for every page
       scripts/generate-man.py BINARY LANGUAGE DATE OUTPUT   writes one
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTIONS = [
    ("DESCRIPTION", "description"), ("COMMANDS", None), ("OPTIONS", None), ("KEYS", "keys"), ("FILES", "files"),
    ("ENVIRONMENT", "environment"), ("EXIT STATUS", None), ("EXAMPLES", "examples"), ("AUTHORS", "authors"),
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
        prefix = "_man.word."
        self.words = {key[len(prefix):]: value for key, value in self.entries.items() if key.startswith(prefix)}

    def exit_codes(self):
        """(code, meaning) of every exit code, from the language's exit.<code> members (ExitCodeTable's keys)."""
        codes = sorted((key[len("exit."):] for key in self.english if key.startswith("exit.") and key[5:].isdigit()), key=int)
        return [(code, self.entries.get("exit." + code, self.english["exit." + code])) for code in codes]

    def section(self, name):
        key = "_man.section." + name
        if key not in self.entries:
            sys.exit("generate-man: Locales/%s.json has no %s" % (self.language, key))
        return self.entries[key]

    @staticmethod
    def load(code):
        with open(os.path.join(ROOT, "Locales", code + ".json"), encoding="utf-8") as handle:
            return json.load(handle)

    def text(self, keys, fallback):
        """The sentence under the first of `keys` English has, as HelpText.key picks it. `fallback` is the program's
        own English (argument-parser's description, read from Locales/en.json and filled in): English is that, and a
        translation gets the defaults and ranges the program put in place of English's placeholders."""
        for key in keys:
            if key in self.english:
                if self.language == "en":
                    return fallback
                return translated(self.entries.get(key, self.english[key]), self.english[key], fallback, key)
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


PLACEHOLDER = re.compile(r"\{(?:(?:default|min|max):[\w.]+|preferences)\}")


def translated(text, template, english, key):
    """`text` with its {default:…}, {min:…}, {max:…} and {preferences} filled in, as HelpText.filled does: the values are read from
    `english`, the program's sentence for `template`, so that each default, range and preference name is
    written only in its row (PreferenceKey.declaration)."""
    template = filled(template)
    names = PLACEHOLDER.findall(template)
    values = {}
    if names:
        parts = PLACEHOLDER.split(template)
        match = re.fullmatch("(.+?)".join(re.escape(part) for part in parts), english, re.S)
        if not match:
            sys.exit("generate-man: the program's help for %s does not read as Locales/en.json has it" % key)
        values = dict(zip(names, match.groups()))
    text = filled(text)
    for name in PLACEHOLDER.findall(text):
        if name not in values:
            sys.exit("generate-man: %s says %s, which English does not" % (key, name))
        text = text.replace(name, values[name])
    return text


def filled(text):
    """A help sentence with {languages} filled in, as HelpText.filled does: every locale file's code, sorted."""
    codes = sorted(os.path.basename(path)[: -len(".json")] for path in glob.glob(os.path.join(ROOT, "Locales", "*.json")))
    return text.replace("{languages}", ", ".join(codes))


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
    (EXIT STATUS has it): in any language, the block whose indented rows each begin with a number."""
    lines = []
    for block in text.split("\n\n"):
        if block.strip() == "{exitCodes}":
            continue
        rows = block.split("\n")
        indented = [row for row in rows if row.startswith("  ")]
        if indented and all(row.split() and row.split()[0].isdigit() for row in indented):
            continue
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
    out = [
        ".\\\" Generated by scripts/generate-man.py from the command definitions and Locales/%s.json." % language,
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
            out += [non_ascii(line) for line in catalog.section(name).rstrip("\n").split("\n")]
        elif title == "EXIT STATUS":
            for code, meaning in catalog.exit_codes():
                out += [".TP", ".B " + code, escape(meaning)]
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


def pages():
    """(code, path) of every language whose locale file has the man page's sections, English first."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Locales", "*.json"))):
        code = os.path.basename(path)[: -len(".json")]
        if "_man.section.description" in Catalog.load(code):
            found.append((code, os.path.join("man", code, "breathe-voice.1")))
    return sorted(found, key=lambda item: (item[0] != "en", item[0]))


def write(binary, language, date, output):
    text = page(binary, language, date)
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)


def main():
    arguments = sys.argv[1:]
    if arguments == ["--list"]:
        for code, path in pages():
            print(code, path)
    elif len(arguments) == 4:
        write(*arguments)
    else:
        sys.exit(__doc__.split("\n\n")[-1])


if __name__ == "__main__":
    main()
