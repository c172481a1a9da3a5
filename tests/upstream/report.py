"""The Markdown report of agreement.py: the summary line, the per-file table
(with the checks our own cases cover), the causes grouped and one by one,
and what unsupported pass options hide.

Python 3 standard library only.
"""
import collections
import re


def category(reason):
    """The cause without its detail: what the grouped work list is keyed on."""
    if reason.startswith("verify: "):
        rest = reason[len("verify: "):]
        return "verify: " + rest.split(": ")[0]
    if reason.startswith(("unknown pass option", "ods-opt: unknown flag")):
        return reason
    for sep in (" output differs at ", ": ", " («", " «"):
        if sep in reason:
            head = reason.split(sep)[0]
            return head + (" output differs" if sep == " output differs at " else "")
    return reason


def examples_of(s, reason, key, most=3):
    """Where a reason was seen: `file:line @function`, a few of them."""
    found = []
    for rel, f in s["files"].items():
        for where in f[key].get(reason, []):
            m = re.search(r"\(line (\d+)(?:, (@[^)]+))?\)", where)
            if m:
                found.append((rel, int(m.group(1)), m.group(2) or ""))
    out = [f"{rel.split('/')[-1]}:{line}" + (f" {fn}" if fn else "") for rel, line, fn in sorted(found)]
    return ", ".join(out[:most]) + (", ..." if len(out) > most else "")


def revision(f):
    """Short commit of the fetched file, and whether it is the whole file."""
    src = f.get("source") or {}
    commit = src.get("commit", "?")[:10]
    part = " (part)" if src.get("note", "").startswith("partial") else ""
    return commit + part


def markdown(s):
    out = []
    t = s["totals"]
    out.append(f"{t['files']} files ({t['files_in_scope']} with a RUN line in scope), "
               f"{t['run_lines_in_scope']} of {t['run_lines']} RUN lines in scope, "
               f"{t['chunks']} chunks, {t['agreeing']} agreeing ({t['agreeing_both_fail']} of them because both tools reject a chunk the test expects to pass; "
               f"{t['agreeing_without_options']} agreeing once the pass options ods-opt lacks are dropped); "
               f"{t['checks_agreeing']} of {t['checks_in_scope']} checks in scope are in agreeing chunks, "
               f"{t['checks_own']} covered by our own cases ({s['own_files']} own files) "
               f"(files hold {t['check_lines']} CHECK lines and {t['expected_annotations']} expected-* annotations); "
               f"mlir-opt crashed on {t['mlir_opt_crashed']} chunks (left out); "
               f"on {t['mlir_opt_fails']} chunks mlir-opt-22 itself fails a RUN line that expects success "
               f"(the test text is from another revision than release 22; mlir-opt-22 still decides). {s['seconds']} s.\n")
    out.append("| upstream file | revision | RUN lines in scope | chunks | agreeing chunks (both fail) | agreeing without unsupported pass options | checks agreeing / in scope | checks our own cases cover | top reasons for disagreement |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for rel, f in s["files"].items():
        if f["run_lines_in_scope"]:
            reasons = "; ".join(f"{w} ({n})" for w, n in list(f["reasons"].items())[:3]).replace("|", "\\|")
            more = len(f["reasons"]) - 3
            if more > 0:
                reasons += f"; {more} more"
            both = f" ({f['agreeing_both_fail']})" if f["agreeing_both_fail"] else ""
            out.append(f"| {rel} | {revision(f)} | {f['run_lines_in_scope']}/{f['run_lines']} | {f['chunks']} | {f['agreeing']}{both} | "
                       f"{f['agreeing_without_options']} | {f['checks_agreeing']}/{f['checks_in_scope']} | {f['checks_own']} | {reasons} |")
        else:
            why = collections.Counter(x.split(": ", 1)[1] for x in f["out_of_scope"])
            desc = "; ".join(f"{w}" + (f" (x{n})" if n > 1 else "") for w, n in why.most_common(2)) or "no RUN line"
            out.append(f"| {rel} | {revision(f)} | 0/{f['run_lines']} | - | - | - | - | - | {desc} |")
    out.append("")
    cats = collections.Counter()
    cat_files = collections.defaultdict(set)
    for c in s["causes"]:
        k = category(c["reason"])
        cats[k] += c["chunks"]
        cat_files[k].update(c["files"])
    out.append("| cause (grouped) | chunks | files |")
    out.append("| --- | --- | --- |")
    for k, n in cats.most_common():
        out.append(f"| {k} | {n} | {len(cat_files[k])} |")
    out.append("")
    behind = collections.Counter()
    behind_files = collections.defaultdict(set)
    for rel, f in s["files"].items():
        for why, n in f["behind_options"].items():
            behind[why] += n
            behind_files[why].add(rel)
    if behind:
        out.append("What the unsupported pass options hide (both tools rerun without them):")
        out.append("")
        out.append("| behind the options | chunks | files | examples |")
        out.append("| --- | --- | --- | --- |")
        for why, n in behind.most_common():
            ex = examples_of(s, why, "behind_examples")
            out.append(f"| {why.replace('|', chr(92) + '|')} | {n} | {', '.join(sorted(behind_files[why]))} | {ex} |")
        out.append("")
    out.append("| cause | chunks | files | examples |")
    out.append("| --- | --- | --- | --- |")
    for c in s["causes"]:
        files = ", ".join(sorted(c["files"]))
        ex = examples_of(s, c["reason"], "examples")
        out.append(f"| {c['reason'].replace('|', chr(92) + '|')} | {c['chunks']} | {files} | {ex} |")
    out.append("")
    return "\n".join(out)
