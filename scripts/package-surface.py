#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lists every `package` declaration of Sources/ that no other module uses, and counts them all.

`package` is for what another module of this package names: the Kit using the Core, the executable its entry. What only a
module's own tests use is `internal` (the tests `@testable import` it, as swift-argument-parser's tests do). For each
`package` declaration of Sources/<Module> this looks for its name, as a whole identifier outside comments and string
text, in the sources of the other modules (Sources/*, Plugins/*). A declaration is also kept when the compiler needs it
visible although nobody outside names it:

- a type named in the signature, default value or initial value of a kept declaration (or in the inheritance clause of
  a kept protocol or class, or in the payload of a kept enum's cases);
- a member of a kept type that satisfies a requirement of a protocol the type conforms to (the project's own protocols,
  read from the sources, and the standard library's and ArgumentParser's, by name);
- an operator or subscript of a kept type; an initializer of a kept type another module calls as `Type(` (or as
  `self.init(` in its extension of the type);
- anything in a file given with --exclude (its signature's types are kept too).

A name used by another module for something else keeps a declaration it did not need: that costs a `package`, never the
build. Exit status 1 when a declaration outside the excluded files is unused, or when the total is --limit or more.
--apply demotes the unused ones in place (`package private(set) var` becomes `private(set) var`, `package static func`
becomes `static func`), then checks again, until nothing more is unused.

--apply --build 'swift build' goes further than names can: it demotes every declaration outside the excluded files,
builds, gives back what the compiler's errors ask for (the declarations their notes point at, the names they cannot
find), and builds again until the build passes (about a dozen builds). Then `swift format format`, `make lint` (an
`init() {}` made internal may now be the synthesized one, to remove) and `swift build --build-tests`.
"""

import argparse
import fnmatch
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Requirements of protocols that are not declared in this repository (the standard library's, ArgumentParser's): a
# member with one of these names in a kept type that conforms to anything outside the repository stays visible.
EXTERNAL_REQUIREMENTS = {
    "description", "debugDescription", "hash", "hashValue", "rawValue", "allCases", "id", "encode", "stringValue",
    "intValue", "makeIterator", "next", "startIndex", "endIndex", "index", "formIndex", "count", "isEmpty",
    "callAsFunction", "write", "appendLiteral", "appendInterpolation", "run", "validate", "configuration",
    "defaultValueDescription", "allValueStrings", "allValueDescriptions", "defaultCompletionKind", "name", "help", "helpMessage",
    "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "underestimatedCount",
}
# External protocols with no requirement a type writes itself (or only synthesized ones): conforming to these alone
# does not keep a member, nor an initializer.
EXTERNAL_PLAIN = {"Sendable", "Error", "Equatable", "Hashable", "Comparable", "CaseIterable", "AnyObject", "BitwiseCopyable",
                  "Copyable", "Escapable", "SendableMetatype", "String", "Character", "Int", "Int8", "Int16", "Int32",
                  "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"}

DECLARATION_KEYWORDS = {"func", "var", "let", "struct", "enum", "class", "protocol", "typealias", "init", "subscript",
                        "extension", "actor", "associatedtype"}
MODIFIERS = {"static", "final", "nonisolated", "mutating", "nonmutating", "override", "required", "convenience",
             "indirect", "lazy", "dynamic", "weak", "unowned", "isolated", "consuming", "borrowing", "private",
             "fileprivate", "internal", "public", "open", "package", "class", "distributed", "optional"}
TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "extension", "actor"}
OPERATOR_CHARACTERS = set("/=-+!*%<>&|^~?")


class Token:
    __slots__ = ("kind", "text", "line", "start", "end", "newline_before")

    def __init__(self, kind, text, line, start, end, newline_before):
        self.kind, self.text, self.line, self.start, self.end = kind, text, line, start, end
        self.newline_before = newline_before

    def __repr__(self):
        return f"{self.kind}:{self.text}@{self.line}"


def lex(source):
    """Swift tokens, without comments and without the text of string literals (their interpolations are lexed)."""
    tokens = []
    i, n, line = 0, len(source), 1
    newline = True
    # A stack of open string interpolations: (paren depth inside it, the string's delimiter, raw hashes).
    pending_strings = []
    paren_in_interpolation = []

    def add(kind, text, start, end):
        nonlocal newline
        tokens.append(Token(kind, text, line, start, end, newline))
        newline = False

    def scan_string(i, hashes, multiline):
        """From just after the opening quote(s); returns the index after the closing delimiter, or the index of an
        interpolation's opening paren (with its depth pushed) and the string's state."""
        nonlocal line
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if source.startswith(close, i):
                return i + len(close), None
            if source.startswith(escape, i):
                j = i + len(escape)
                if j < n and source[j] == "(":
                    return j, (hashes, multiline)
                i = j + 1
                continue
            if source[i] == "\n":
                line += 1
            i += 1
        return i, None

    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            newline = True
            i += 1
        elif c in " \t\r":
            i += 1
        elif source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if source[i] == "\n":
                        line += 1
                    i += 1
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:i + 8])):
            start = i
            hashes = 0
            while source[i] == "#":
                hashes, i = hashes + 1, i + 1
            multiline = source.startswith('"""', i)
            i += 3 if multiline else 1
            i, state = scan_string(i, hashes, multiline)
            add("string", '""', start, i)
            if state is not None:
                pending_strings.append(state)
                paren_in_interpolation.append(0)
                # The interpolation's "(" is lexed as code; its matching ")" resumes the string.
        elif c == "(" or c == ")":
            if paren_in_interpolation:
                if c == "(":
                    paren_in_interpolation[-1] += 1
                else:
                    paren_in_interpolation[-1] -= 1
                    if paren_in_interpolation[-1] == 0:
                        paren_in_interpolation.pop()
                        hashes, multiline = pending_strings.pop()
                        add("punct", ")", i, i + 1)
                        i, state = scan_string(i + 1, hashes, multiline)
                        if state is not None:
                            pending_strings.append(state)
                            paren_in_interpolation.append(0)
                        continue
            add("punct", c, i, i + 1)
            i += 1
        elif c.isalpha() or c == "_":
            m = re.compile(r"[A-Za-z_][A-Za-z0-9_]*").match(source, i)
            add("id", m.group(0), i, m.end())
            i = m.end()
        elif c == "`":
            j = source.find("`", i + 1)
            add("id", source[i + 1:j], i, j + 1)
            i = j + 1
        elif c == "$":
            m = re.compile(r"\$[A-Za-z0-9_]*").match(source, i)
            add("id", m.group(0), i, m.end())
            i = m.end()
        elif c.isdigit():
            m = re.compile(r"[0-9][0-9A-Za-z_.]*").match(source, i)
            text = m.group(0)
            # `1...3` and `x.0.1`: a number stops before a dot that does not lead to a digit.
            k = re.match(r"[0-9][0-9A-Za-z_]*(\.[0-9][0-9A-Za-z_]*)?", text).end()
            add("number", text[:k], i, i + k)
            i += k
        elif c == "#":
            m = re.compile(r"#[A-Za-z_][A-Za-z0-9_]*").match(source, i)
            if m:
                add("directive", m.group(0), i, m.end())
                i = m.end()
            else:
                add("punct", c, i, i + 1)
                i += 1
        elif c == "." and i + 1 < n and source[i + 1] not in OPERATOR_CHARACTERS and source[i + 1] != ".":
            add("punct", ".", i, i + 1)
            i += 1
        elif c in OPERATOR_CHARACTERS or c == ".":
            j = i
            while j < n and (source[j] in OPERATOR_CHARACTERS or source[j] == ".") and not source.startswith("//", j) \
                    and not source.startswith("/*", j):
                # `a?.b`, `a!.b`: the dot is a member access of its own.
                if j > i and source[j] == "." and j + 1 < n and (source[j + 1].isalpha() or source[j + 1] == "_"):
                    break
                j += 1
            add("operator", source[i:j], i, j)
            i = j
        else:
            add("punct", c, i, i + 1)
            i += 1
    return tokens


class Declaration:
    def __init__(self, path, module, name, kind, package_token, parent, signature, conformances, body_range):
        self.path, self.module, self.name, self.kind = path, module, name, kind
        self.package_token = package_token
        self.parent = parent  # name of the enclosing type or extended type, or None at file scope
        self.signature = signature  # tokens whose types must be visible wherever this is
        self.conformances = conformances  # for types and extensions: names in the inheritance clause
        self.body_range = body_range
        self.kept_by = None

    @property
    def line(self):
        return self.package_token.line

    @property
    def key(self):
        return (self.path, self.package_token.line, self.name)

    def describe(self):
        where = f"{self.parent}." if self.parent else ""
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}: {self.kind} {where}{self.name}"


class SourceFile:
    def __init__(self, path, module):
        self.path, self.module = path, module
        with open(path, encoding="utf-8") as handle:
            self.text = handle.read()
        self.tokens = lex(self.text)


def matching(tokens, index):
    """The index of the bracket that closes the one at `index`."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    opening, closing = tokens[index].text, pairs[tokens[index].text]
    depth = 0
    for k in range(index, len(tokens)):
        if tokens[k].kind == "punct":
            if tokens[k].text == opening:
                depth += 1
            elif tokens[k].text == closing:
                depth -= 1
                if depth == 0:
                    return k
    return len(tokens) - 1


CONTINUATION_BEFORE = {"where", "throws", "rethrows", "async", "->", "=", ":", ",", "&", ".", "some", "any"}


def declaration_end(tokens, start, stop_at_brace):
    """Where the declaration starting at `start` ends: the index of its body's `{` (or of a getter block), or the index
    after its last token when it has no body."""
    depth = 0
    k = start
    while k < len(tokens):
        token = tokens[k]
        outside = depth == 0
        if token.kind == "punct" and token.text in "([":
            depth += 1
        elif token.kind == "punct" and token.text in ")]":
            depth -= 1
            if depth < 0:
                return k
        if outside and k > start:
            if token.kind == "punct" and token.text == "{" and stop_at_brace:
                return k
            if token.kind == "punct" and token.text in "};":
                return k
            if token.newline_before:
                previous = tokens[k - 1]
                continues = previous.text in CONTINUATION_BEFORE or previous.kind == "operator" \
                    or token.text in CONTINUATION_BEFORE or (token.kind == "operator" and token.text not in {"@"})
                if token.kind == "punct" and token.text == "{":
                    continues = True
                if not continues:
                    return k
        k += 1
    return k


def collect(files, excluded):
    """Every `package` declaration, every type and protocol (of any access) with its conformances and requirements."""
    declarations = []
    types = {}  # (module, name) -> list of conformance names (from the type and all its extensions)
    protocols = {}  # (module, name) -> (requirement names, inherited protocol names)
    for source in files:
        tokens = source.tokens
        # A stack of open braces: the type (or extended type) a brace opens, or None.
        stack = []
        pending_type = None  # (name, keyword, brace expected) of a type header being read
        k = 0
        while k < len(tokens):
            token = tokens[k]
            if token.kind == "punct" and token.text == "{":
                stack.append(pending_type)
                pending_type = None
                k += 1
                continue
            if token.kind == "punct" and token.text == "}":
                if stack:
                    stack.pop()
                k += 1
                continue
            parent = next((entry for entry in reversed(stack) if entry is not None), None)
            directly_in = stack[-1] if stack else None
            if token.kind == "id" and token.text in TYPE_KEYWORDS and not (
                    token.text == "class" and k + 1 < len(tokens) and tokens[k + 1].text in MODIFIERS | {"func", "var", "let", "subscript"}):
                if k > 0 and tokens[k - 1].text == ".":
                    k += 1
                    continue
                if token.text == "protocol" and k + 1 < len(tokens) and tokens[k + 1].kind != "id":
                    k += 1
                    continue
                name_index = k + 1
                name = tokens[name_index].text if name_index < len(tokens) else ""
                # extension A.B: the last component.
                while name_index + 2 < len(tokens) and tokens[name_index + 1].text == "." and tokens[name_index + 2].kind == "id":
                    name_index += 2
                    name = tokens[name_index].text
                end = declaration_end(tokens, k, True)
                header = tokens[k:end]
                conformances = []
                colon = next((m for m, t in enumerate(header) if t.text == ":"), None)
                if colon is not None:
                    for t in header[colon + 1:]:
                        if t.text == "where":
                            break
                        if t.kind == "id" and t.text not in {"any", "some", "unchecked"}:
                            conformances.append(t.text)
                types.setdefault((source.module, name), []).extend(conformances)
                if token.text == "protocol" and end < len(tokens) and tokens[end].text == "{":
                    closing = matching(tokens, end)
                    requirements = set()
                    m = end + 1
                    while m < closing:
                        t = tokens[m]
                        if t.kind == "id" and t.text in {"func", "var", "let", "associatedtype", "typealias"} and m + 1 < closing:
                            requirements.add(tokens[m + 1].text)
                        elif t.kind == "id" and t.text in {"init", "subscript"}:
                            requirements.add(t.text)
                        m += 1
                    protocols[(source.module, name)] = (requirements, set(conformances))
                pending_type = (name, token.text)
            if token.kind == "id" and token.text == "package" and k + 1 < len(tokens) and (
                    tokens[k + 1].text in MODIFIERS or tokens[k + 1].text in DECLARATION_KEYWORDS):
                # The declaration keyword after the modifiers.
                m = k + 1
                while m < len(tokens) and tokens[m].text in MODIFIERS and not (
                        tokens[m].text == "class" and m + 1 < len(tokens) and tokens[m + 1].kind == "id"
                        and tokens[m + 1].text not in MODIFIERS and tokens[m + 1].text not in DECLARATION_KEYWORDS):
                    if tokens[m].text in {"private", "fileprivate", "internal", "public"} and m + 1 < len(tokens) \
                            and tokens[m + 1].text == "(":
                        m += 4  # private(set)
                        continue
                    m += 1
                if m >= len(tokens):
                    break
                keyword = tokens[m].text
                if keyword == "init":
                    name = "init"
                elif keyword == "subscript":
                    name = "subscript"
                elif keyword == "func" and tokens[m + 1].kind == "operator":
                    name = tokens[m + 1].text
                else:
                    name = tokens[m + 1].text
                end = declaration_end(tokens, m, True)
                body = None
                if end < len(tokens) and tokens[end].text == "{":
                    body = (end, matching(tokens, end))
                signature = tokens[m + 1:end]
                if keyword in {"struct", "enum", "actor"}:
                    # Conformances of a package type may be internal; its raw type is a standard one.
                    signature = []
                extra = []
                if keyword == "enum" and body:
                    # The payloads of its cases (the cases of a package enum are package).
                    b0, b1 = body
                    q = b0 + 1
                    depth = 0
                    while q < b1:
                        t = tokens[q]
                        if t.text == "{":
                            depth += 1
                        elif t.text == "}":
                            depth -= 1
                        elif depth == 0 and t.text == "case":
                            stop = declaration_end(tokens, q, True)
                            extra.extend(tokens[q + 1:stop])
                            q = stop
                            continue
                        q += 1
                if keyword == "protocol" and body:
                    extra.extend(tokens[body[0] + 1:body[1]])
                conformances = types.get((source.module, name), []) if keyword in TYPE_KEYWORDS else []
                declaration = Declaration(source.path, source.module, name, keyword, token,
                                          parent[0] if parent else None, signature + extra, conformances, body)
                declaration.excluded = excluded(source.path)
                declaration.name_line = tokens[m if keyword in {"init", "subscript"} else min(m + 1, len(tokens) - 1)].line
                declarations.append(declaration)
            k += 1
    return declarations, types, protocols


def signature_names(tokens):
    """Identifiers in a signature that may name a declaration: every one but an argument label."""
    names = set()
    for index, token in enumerate(tokens):
        if token.kind != "id":
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        label = following is not None and following.text == ":" and token.text[:1].islower()
        if not label or (index > 0 and tokens[index - 1].text == "."):
            names.add(token.text)
        # `_ name:` and `label name:`: the second identifier is a parameter name, harmless either way.
    return names


def modules_of(root):
    """(module, path) for each Swift file of Sources/* and Plugins/*, and of the tests' shared support module (a
    module of its own, not compiled for testing: it names what it uses as any other module does)."""
    result = []
    support = os.path.join(root, "Tests", "BreatheTestSupport")
    for directory, _, names in os.walk(support):
        for name in sorted(names):
            if name.endswith(".swift"):
                result.append(("BreatheTestSupport", os.path.join(directory, name)))
    for top in ("Sources", "Plugins"):
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            continue
        for module in sorted(os.listdir(base)):
            folder = os.path.join(base, module)
            for directory, _, names in os.walk(folder):
                for name in sorted(names):
                    if name.endswith(".swift"):
                        result.append((module, os.path.join(directory, name)))
    return result


def analyse(root, exclude, evidence=None, files=None):
    """The declarations and the unused ones among them. With `evidence` (a set of `Declaration.key`s, what the compiler
    said another module needs), a declaration is used when it is in the set instead of when its name is found."""
    def excluded(path):
        relative = os.path.relpath(path, root)
        # The tests' support module is read for what it uses; its own declarations are the tests' business.
        if relative.startswith("Tests" + os.sep):
            return True
        return any(fnmatch.fnmatch(relative, pattern) for pattern in exclude)

    if files is None:
        files = [SourceFile(path, module) for module, path in modules_of(root)]
    declarations, types, protocols = collect(files, excluded)
    # The modules each module imports, directly or through another (member lookup reaches a type of a module
    # imported by an imported module).
    imports = {}
    for source in files:
        imported = imports.setdefault(source.module, set())
        for index, token in enumerate(source.tokens[:-1]):
            if token.text == "import" and token.kind == "id" and source.tokens[index + 1].kind == "id":
                imported.add(source.tokens[index + 1].text)
    changed = True
    while changed:
        changed = False
        for module, imported in imports.items():
            wider = set(imported)
            for other in imported:
                wider |= imports.get(other, set())
            if wider != imported:
                imports[module] = wider
                changed = True
    # Each identifier's uses, by module: anywhere (`uses`, for what is declared at file scope and for protocols'
    # members), after a dot (`member_uses`: how another module reaches a member: `value.name`, `.name`, `\.name`),
    # and the identifiers directly followed by "(" (calls of an initializer).
    uses = {}
    member_uses = {}
    constructed = {}
    for source in files:
        tokens = source.tokens
        for index, token in enumerate(tokens):
            if token.kind == "id":
                uses.setdefault(token.text, set()).add(source.module)
                if index > 0 and tokens[index - 1].text == ".":
                    member_uses.setdefault(token.text, set()).add(source.module)
                following = tokens[index + 1] if index + 1 < len(tokens) else None
                if following is not None and (following.text == "(" or (
                        following.text == "." and index + 2 < len(tokens) and tokens[index + 2].text == "init")):
                    if not following.newline_before:
                        constructed.setdefault(token.text, set()).add(source.module)
            elif token.kind == "operator":
                uses.setdefault(token.text, set()).add(source.module)

    # Identifiers inside another module's `extension Type { … }`, where a member of Type is used without a dot.
    extended_uses = {}
    for source in files:
        tokens = source.tokens
        for index, token in enumerate(tokens):
            if token.kind == "id" and token.text == "extension" and (index == 0 or tokens[index - 1].text != "."):
                end = declaration_end(tokens, index, True)
                if end >= len(tokens) or tokens[end].text != "{":
                    continue
                name_index = index + 1
                while name_index + 2 < end and tokens[name_index + 1].text == ".":
                    name_index += 2
                extended = tokens[name_index].text
                close = matching(tokens, end)
                for at in range(end, close):
                    inner = tokens[at]
                    if inner.kind == "id":
                        extended_uses.setdefault((extended, inner.text), set()).add(source.module)
                        # `self.init(` in another module's extension of the type calls one of its initializers.
                        if inner.text == "self" and at + 3 < close and tokens[at + 1].text == "." and \
                                tokens[at + 2].text == "init" and tokens[at + 3].text == "(":
                            constructed.setdefault(extended, set()).add(source.module)

    def importers(module):
        return {other for other, imported in imports.items() if module in imported}

    by_name = {}
    for declaration in declarations:
        by_name.setdefault((declaration.module, declaration.name), []).append(declaration)

    def requirements_of(module, protocol, seen=None):
        seen = seen if seen is not None else set()
        if (module, protocol) in seen or (module, protocol) not in protocols:
            return set()
        seen.add((module, protocol))
        requirements, inherited = protocols[(module, protocol)]
        result = set(requirements)
        for parent in inherited:
            result |= requirements_of(module, parent, seen)
        return result

    def project_protocol(module, name):
        return (module, name) in protocols or any((other, name) in protocols for other in {d.module for d in declarations})

    def protocol_module(module, name):
        if (module, name) in protocols:
            return module
        for (other, protocol) in protocols:
            if protocol == name:
                return other
        return None

    kept = set()

    def type_is_visible(module, name):
        """Whether the type `name` of `module` is package or wider: a kept package type, or a type not declared in
        this repository (the standard library's)."""
        if name is None:
            return True
        candidates = [d for d in by_name.get((module, name), []) if d.kind in TYPE_KEYWORDS | {"typealias"}]
        if candidates:
            return any(id(d) in kept for d in candidates)
        if (module, name) in types:
            return False  # declared in the module, not package
        return True

    def keep(declaration, reason):
        if id(declaration) not in kept:
            kept.add(id(declaration))
            declaration.kept_by = reason
            return True
        return False

    changed = True
    while changed:
        changed = False
        for declaration in declarations:
            if id(declaration) in kept:
                continue
            reason = None
            member = declaration.parent is not None and not protocol_module(declaration.module, declaration.parent)
            others = {module for module in (member_uses if member else uses).get(declaration.name, set())
                      if declaration.module in imports.get(module, set())}
            if member:
                # A member used without a dot: inside another module's extension of its type.
                others |= extended_uses.get((declaration.parent, declaration.name), set()) & importers(declaration.module)
            if declaration.excluded:
                reason = "in an excluded file"
            elif declaration.kind == "init":
                parent = declaration.parent
                if parent and type_is_visible(declaration.module, parent):
                    if (declaration.key in evidence) if evidence is not None else (
                            constructed.get(parent, set()) & importers(declaration.module)):
                        reason = f"{parent}( used in another module"
                    else:
                        conformances = types.get((declaration.module, parent), [])
                        for conformance in conformances:
                            module = protocol_module(declaration.module, conformance)
                            if module is None and conformance not in EXTERNAL_PLAIN:
                                reason = f"may satisfy {conformance}"
                            elif module is not None and "init" in requirements_of(module, conformance) and any(
                                    id(d) in kept for d in by_name.get((module, conformance), [])):
                                reason = f"satisfies {conformance}"
            elif declaration.kind == "subscript" or (declaration.kind == "func" and not declaration.name[:1].isalpha()
                                                     and declaration.name[:1] != "_"):
                if type_is_visible(declaration.module, declaration.parent):
                    reason = "operator or subscript of a kept type"
            elif evidence is not None:
                if declaration.key in evidence:
                    reason = "the compiler needs it"
            elif others:
                reason = "used in " + ", ".join(sorted(others))
            in_protocol = (declaration.module, declaration.parent) in protocols
            if reason is None and declaration.parent and declaration.kind not in TYPE_KEYWORDS \
                    and (in_protocol or type_is_visible(declaration.module, declaration.parent)):
                # (A protocol's extension gives default witnesses to the types that conform to it, which may be
                # another module's package types, whatever the protocol's own access.)
                # A witness of a requirement of a protocol the kept parent conforms to (or, in a protocol's own
                # extension, of the protocol itself).
                conformances = list(types.get((declaration.module, declaration.parent), []))
                if (declaration.module, declaration.parent) in protocols:
                    conformances.append(declaration.parent)
                for conformance in conformances:
                    module = protocol_module(declaration.module, conformance)
                    if module is None:
                        if conformance not in EXTERNAL_PLAIN and declaration.name in EXTERNAL_REQUIREMENTS:
                            reason = f"may satisfy {conformance}"
                        elif conformance in {"Equatable", "Hashable", "Comparable"} and declaration.name in {"hash", "==", "<"}:
                            reason = f"satisfies {conformance}"
                    elif declaration.name in requirements_of(module, conformance) and (in_protocol or any(
                            id(d) in kept for d in by_name.get((module, conformance), []))):
                        reason = f"satisfies {conformance}"
                    if reason:
                        break
            if reason:
                changed |= keep(declaration, reason)
        # The types a kept declaration's signature names must be visible too.
        for declaration in declarations:
            if id(declaration) not in kept:
                continue
            for name in signature_names(declaration.signature):
                for other in by_name.get((declaration.module, name), []):
                    if id(other) not in kept and (other.kind in TYPE_KEYWORDS | {"typealias"} or name[:1].islower()):
                        changed |= keep(other, f"named by {declaration.kind} {declaration.name}")
            # A kept member makes no type visible; but a kept type's parent type must be (Outer.Inner).
            if declaration.kind in TYPE_KEYWORDS | {"typealias"} and declaration.parent:
                for other in by_name.get((declaration.module, declaration.parent), []):
                    if other.kind in TYPE_KEYWORDS and id(other) not in kept:
                        changed |= keep(other, f"encloses {declaration.name}")
    unused = [d for d in declarations if id(d) not in kept]
    return declarations, unused, files


DEMOTION = re.compile(r"\bpackage[ \t]+")


def demote(unused):
    by_path = {}
    for declaration in unused:
        by_path.setdefault(declaration.path, []).append(declaration.package_token)
    for path, tokens in by_path.items():
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for token in sorted(tokens, key=lambda t: t.start, reverse=True):
            match = DEMOTION.match(text, token.start)
            assert match, (path, token.line)
            text = text[:token.start] + text[match.end():]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


DIAGNOSTIC = re.compile(r"^(/[^:\s]+\.swift):(\d+):(\d+): (error|warning|note): (.*)$", re.M)


def needed_by_compiler(output, declarations, files):
    """The demoted declarations the compiler's errors ask for: those an error's notes point at ("declared here"); else
    those it names as not found, not a member, inaccessible, a protocol's witness or used in a default value; else the
    one named where the error points (an overload the call could not see). And the types named in the signature of a
    declaration it says uses a less visible type."""
    candidates = [d for d in declarations if d.kept_by is None]
    at_line = {}
    for declaration in candidates:
        for line in range(declaration.line, declaration.name_line + 1):
            at_line.setdefault((os.path.realpath(declaration.path), line), []).append(declaration)
    named = {}
    for declaration in candidates:
        named.setdefault(declaration.name, []).append(declaration)
    sources = {os.path.realpath(source.path): source for source in files}
    # Each error with the notes that follow it.
    blocks = []
    for match in DIAGNOSTIC.finditer(output):
        path, line, column, kind, message = match.groups()
        entry = (os.path.realpath(path), int(line), int(column), message)
        if kind == "error":
            blocks.append((entry, []))
        elif kind == "note" and blocks:
            blocks[-1][1].append(entry)
    found = set()
    for (path, line, column, message), notes in blocks:
        pointed = {d.key for (note_path, note_line, _, text) in notes if "declared here" in text
                   for d in at_line.get((note_path, note_line), [])}
        if pointed:
            found |= pointed
            continue
        top = re.search(r"cannot find (?:type )?'(\w+)' in scope", message)
        if top:
            found |= {d.key for d in named.get(top.group(1), []) if d.parent is None}
            continue
        member = re.search(r"(?:value of|type) (?:type )?'([^']+)' has no member '(\w+)'", message)
        if member:
            owners = set(re.findall(r"\w+", member.group(1)))
            matching = [d for d in named.get(member.group(2), []) if d.parent in owners]
            found |= {d.key for d in (matching or named.get(member.group(2), []))}
            continue
        if re.search(r"(?:must be declared|cannot be declared \w+) .*because .* uses an? \w+ type", message):
            # A declaration that stays: the types its signature names must stay too.
            for declaration in declarations:
                if os.path.realpath(declaration.path) == path and declaration.line <= line <= declaration.name_line:
                    for type_name in signature_names(declaration.signature):
                        found |= {d.key for d in named.get(type_name, [])}
            continue
        name = re.search(r"'(\w+)(?:\([^']*\))?' (?:is inaccessible|is internal and cannot be referenced|must be as "
                         r"accessible)", message) or re.search(r"^\w+(?: \w+)? '(\w+)(?:\([^']*\))?' must be as "
                                                                r"accessible", message)
        if name and named.get(name.group(1)):
            found |= {d.key for d in named[name.group(1)]}
            continue
        # An overload the call could not see: the name where the error points, or the call's name before "(".
        source = sources.get(path)
        if source is not None:
            on_line = [t for t in source.tokens if t.line == line]
            lines = source.text.split("\n")
            offset = sum(len(text) + 1 for text in lines[:line - 1]) + column - 1
            at = [t for t in on_line if t.start <= offset]
            for token in reversed(at[-3:]):
                if token.kind == "id" and named.get(token.text):
                    found |= {d.key for d in named[token.text]}
                    break
    return found


def write_demoted(files, unused):
    """Writes each file as it was, with `package` taken off the unused declarations; only files that change."""
    by_path = {}
    for declaration in unused:
        by_path.setdefault(declaration.path, []).append(declaration.package_token)
    for source in files:
        text = source.text
        for token in sorted(by_path.get(source.path, []), key=lambda t: t.start, reverse=True):
            match = DEMOTION.match(text, token.start)
            assert match, (source.path, token.line)
            text = text[:token.start] + text[match.end():]
        with open(source.path, encoding="utf-8") as handle:
            current = handle.read()
        if current != text:
            with open(source.path, "w", encoding="utf-8") as handle:
                handle.write(text)


def apply_with_compiler(root, exclude, command):
    """Demotes every declaration the compiler does not ask for: all at first, then back one build at a time."""
    files = [SourceFile(path, module) for module, path in modules_of(root)]
    evidence = set()
    round_number = 0
    while True:
        round_number += 1
        declarations, unused, _ = analyse(root, exclude, evidence=evidence, files=files)
        to_demote = [d for d in unused if not d.excluded]
        write_demoted(files, to_demote)
        print(f"build {round_number}: {len(declarations) - len(to_demote)} package declarations kept, "
              f"{len(to_demote)} demoted; {command}", flush=True)
        result = subprocess.run(command, shell=True, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        if result.returncode == 0:
            return True
        more = needed_by_compiler(result.stdout, declarations, files) - evidence
        if not more:
            errors = sorted({m.group(0) for m in DIAGNOSTIC.finditer(result.stdout) if m.group(4) == "error"})
            print("\n".join(errors[:40]) or result.stdout[-4000:])
            print("the build fails and its errors ask for no demoted declaration: every file is put back")
            write_demoted(files, [])
            return False
        evidence |= more


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apply", action="store_true", help="demote every unused declaration to internal")
    parser.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="a file (glob, relative to the repository) whose declarations stay as they are")
    parser.add_argument("--limit", type=int, default=450, help="fail when there are this many declarations or more")
    parser.add_argument("--build", metavar="COMMAND",
                        help="with --apply: demote every declaration, then build with COMMAND (say 'swift build') and "
                             "give back the ones the compiler's errors ask for, until it builds; finer than names")
    parser.add_argument("--why", action="store_true", help="also print why each kept declaration is kept")
    parser.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    arguments = parser.parse_args()

    if arguments.apply and arguments.build:
        if not apply_with_compiler(arguments.root, arguments.exclude, arguments.build):
            return 1
    declarations, unused, _ = analyse(arguments.root, arguments.exclude)
    if arguments.apply:
        rounds = 0
        while True:
            to_demote = [d for d in unused if not d.excluded]
            if not to_demote:
                break
            demote(to_demote)
            rounds += 1
            print(f"demoted {len(to_demote)} declarations")
            declarations, unused, _ = analyse(arguments.root, arguments.exclude)

    if arguments.why:
        for declaration in declarations:
            if declaration.kept_by:
                print(f"{declaration.describe()}: kept, {declaration.kept_by}")
    failing = [d for d in unused if not d.excluded]
    for declaration in failing:
        print(f"{declaration.describe()}: package, but no other module uses it")
    excluded = [d for d in declarations if d.excluded]
    total = len(declarations)
    print(f"{total} package declarations in Sources ({len(excluded)} in excluded files); "
          f"{len(failing)} unused by other modules; the limit is fewer than {arguments.limit}")
    if failing or total >= arguments.limit:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
