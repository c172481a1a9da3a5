//! `--split-input-file`: where MLIR's tools (`splitAndProcessBuffer`) cut
//! an input at its `// -----` markers. `ods-opt` and `ods-translate` both
//! split with [`split_marker_ranges`]; what each makes of a chunk (padding,
//! the name its diagnostics carry) is the tool's.

use crate::{DiagLoc, Diagnostic, Severity, SourceFile, SourceManager};

/// The chunks of `src` as byte ranges, and the byte offsets of the near
/// misses (`// ---` not followed by `--` and a byte other than `0`).
///
/// The text is cut at every `// ---`; a piece that goes on with `--` and
/// then not `0` ends the chunk before it; any other piece is a near miss,
/// which joins the chunk. An empty first piece (input opening with the
/// marker) does not end a chunk: the next piece becomes the chunk, its
/// `--` kept. Empty input has no chunk at all. Each chunk begins right
/// after its marker.
pub fn split_marker_ranges(src: &[u8]) -> (Vec<(usize, usize)>, Vec<usize>) {
    const CUT: &[u8] = b"// ---";
    const REST: &[u8] = b"--";
    let (mut ranges, mut misses) = (Vec::new(), Vec::new());
    // The chunk being grown, as a byte range (empty at first).
    let mut prev = (0usize, 0usize);
    let mut piece_start = 0usize;
    let mut pieces = src
        .windows(CUT.len())
        .enumerate()
        .filter(|&(_, w)| w == CUT)
        .map(|(at, _)| at)
        .collect::<Vec<_>>();
    // `windows` finds overlapping matches; the split takes them left to
    // right without overlap.
    pieces.dedup_by(|later, earlier| *later < *earlier + CUT.len());
    pieces.push(src.len());
    for end in pieces {
        let piece = (piece_start, end);
        piece_start = end + CUT.len();
        if prev.0 == prev.1 {
            prev = piece;
            continue;
        }
        let text = &src[piece.0..piece.1];
        let ends_marker =
            text.starts_with(REST) && text.len() > REST.len() && text[REST.len()] != b'0';
        if ends_marker {
            ranges.push(prev);
            prev = (piece.0 + REST.len(), piece.1);
        } else {
            misses.push(piece.0);
            prev = (prev.0, piece.1);
        }
    }
    if prev.0 != prev.1 {
        ranges.push(prev);
    }
    (ranges, misses)
}

/// MLIR's `near miss with file split marker` warnings at byte offsets
/// `misses` of `src`, rendered against the file named `name`.
pub fn near_miss_warnings(src: &[u8], misses: &[usize], name: &str) -> String {
    if misses.is_empty() {
        return String::new();
    }
    let mut sm = SourceManager::new();
    sm.add(SourceFile::new(name, src.to_vec()));
    let mut out = String::new();
    for &at in misses {
        let before = &src[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let loc = DiagLoc::FileLineCol {
            file: name.to_string(),
            line: line as u32,
            col: (at - line_start + 1) as u32,
        };
        let diag = Diagnostic::new(Severity::Warning, loc, "near miss with file split marker");
        out.push_str(&sm.render(&diag));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(src: &str) -> Vec<&str> {
        let (ranges, _) = split_marker_ranges(src.as_bytes());
        ranges.iter().map(|&(a, b)| &src[a..b]).collect()
    }

    #[test]
    fn cuts_at_markers_only() {
        assert_eq!(chunks("a\n// -----\nb\n"), vec!["a\n", "\nb\n"]);
        // A marker cut short (`// ---` then `-0`) is a near miss, kept in the chunk.
        let src = "a\n// ----0\nb\n";
        assert_eq!(chunks(src), vec![src]);
        assert_eq!(split_marker_ranges(src.as_bytes()).1, vec![8]);
        assert!(chunks("").is_empty());
        // Input that opens with a marker: the next piece is the chunk, `--` kept.
        assert_eq!(chunks("// -----\nb\n"), vec!["--\nb\n"]);
    }
}
