#!/usr/bin/env python3
"""Shows how a ported `.ods` file differs from its upstream `.td`, leaving
out what a port is meant to change: comments, prose (`summary`,
`description`), a dialect's `rustNamespace` (our extension) and the text
of code snippets (C++ upstream, Rust here; each `[{...}]` block and each
string that holds code is shown as `<code>`).
What is left is the interface: defs, classes, operands, attributes,
results, regions, successors, traits, formats and builder parameters.
An empty diff means the port changed only what it should.

usage: dialects/tools/port_diff.py PORT.ods [UPSTREAM.td]
  UPSTREAM defaults to the file the port names in its header, looked up
  under /usr/lib/llvm-22/include.
"""

import difflib
import re
import sys
from pathlib import Path

UPSTREAM_ROOT = Path("/usr/lib/llvm-22/include")

# Fields whose values are prose or code, whatever their text.
PROSE_OR_CODE = (
    "summary|description|extraClassDeclaration|extraClassDefinition|"
    "hasVerifier_body|builderCall|verifier|parser|printer|"
    "extraSharedClassDeclaration|extraTraitClassDeclaration|"
    "dependentDialects|cppType|returnType|convertFromStorage|constBuilderCall"
)


def strip_comments(text: str) -> str:
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("[{", i):
            j = text.find("}]", i + 2)
            j = n if j < 0 else j + 2
            out.append(text[i:j])
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def normalize(text: str) -> list[str]:
    text = strip_comments(text)
    # Preprocessor guards and includes name files of each project.
    text = re.sub(r"^\s*#(ifndef|define|endif|include)\b.*$", "", text, flags=re.M)
    text = re.sub(r'^\s*include\s+"[^"]*"\s*$', "", text, flags=re.M)
    # Prose and code fields: value dropped, field kept.
    text = re.sub(
        r"\b(let\s+)?(" + PROSE_OR_CODE + r")\s*=\s*(\[\{.*?\}\]|\"(?:[^\"\\]|\\.)*\"(\s*\"(?:[^\"\\]|\\.)*\")*|\[[^\]]*\])\s*;",
        r"\1\2 = <text>;",
        text,
        flags=re.S,
    )
    # A dialect's `rustNamespace` is our extension (the Rust module its
    # upstream `cppNamespace` stands for), so no difference either; the
    # `cppNamespace` itself is compared: ports keep upstream's.
    text = re.sub(r'\blet\s+rustNamespace\s*=\s*"[^"]*"\s*;', "", text)
    # Unquoted, so that the `::` in it does not make it read as code.
    text = re.sub(r'\b(cppNamespace\s*=\s*)"([^"]*)"', r"\1\2", text)
    # Prose is the port's own: whether a field has any is no difference.
    text = re.sub(r"\blet\s+(summary|description)\s*=\s*<text>\s*;", "", text)
    # Every remaining code block is a snippet (a builder body, a predicate).
    text = re.sub(r"\[\{.*?\}\]", "<code>", text, flags=re.S)
    # CPred / builder strings hold code too.
    text = re.sub(r'CPred<\s*"(?:[^"\\]|\\.)*"\s*>', "CPred<<code>>", text)
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|<code>|<text>|[A-Za-z_0-9$.]+|\S', text)
    tokens = mask_code_strings(tokens)
    # One statement element a line: break after `;`, `{` and `}`.
    lines, cur = [], []
    for t in tokens:
        cur.append(t)
        if t in (";", "{", "}"):
            lines.append(" ".join(cur))
            cur = []
    if cur:
        lines.append(" ".join(cur))
    return lines


def is_code(token: str) -> bool:
    """A string literal that holds code rather than a name or prose."""
    return token.startswith('"') and any(m in token for m in ("::", "$_", "(", "&"))


def mask_code_strings(tokens: list[str]) -> list[str]:
    """Code strings become `<code>`; builder parameter types (a string
    before `:$name`, or the first argument of `CArg`) become `<type>`;
    adjacent string literals are joined first."""
    joined: list[str] = []
    for t in tokens:
        if t.startswith('"') and joined and joined[-1].startswith('"'):
            joined[-1] = joined[-1][:-1] + t[1:]
        else:
            joined.append(t)
    out = []
    for i, t in enumerate(joined):
        if not t.startswith('"'):
            out.append(t)
        elif joined[i + 1 : i + 3] and joined[i + 1] == ":" and joined[i + 2].startswith("$"):
            out.append("<type>")
        elif i >= 2 and joined[i - 2] == "CArg" and joined[i - 1] == "<":
            out.append("<type>")
        elif is_code(t) or (i >= 4 and joined[i - 4] == "CArg"):
            out.append("<code>")
        else:
            out.append(t)
    return out


def upstream_of(port: Path) -> Path:
    head = port.read_text()[:2000]
    m = re.search(r"`?(mlir/Dialect/[\w/]+\.td)`?", head)
    if not m:
        sys.exit(f"{port}: name the upstream file in the header or pass it")
    return UPSTREAM_ROOT / m.group(1)


def main() -> int:
    if len(sys.argv) not in (2, 3) or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    port = Path(sys.argv[1])
    upstream = Path(sys.argv[2]) if len(sys.argv) == 3 else upstream_of(port)
    if not upstream.is_file():
        print(f"upstream file not found: {upstream}", file=sys.stderr)
        return 2
    diff = list(
        difflib.unified_diff(
            normalize(upstream.read_text()),
            normalize(port.read_text()),
            fromfile=str(upstream),
            tofile=str(port),
            lineterm="",
        )
    )
    print("\n".join(diff) if diff else f"{port}: same interface as {upstream}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
