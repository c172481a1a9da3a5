//! Where the printed IR goes.
//!
//! A module of a gigabyte prints to about as much text, so the tool never
//! holds it whole: the printer hands its text over in pieces
//! (`print_module_to`) and this sink keeps at most [`HOLD_LIMIT`] bytes
//! before writing them through to the process's stdout or the `-o` file.
//! Up to the limit it holds everything, which keeps the order of a merged
//! stream as `mlir-opt`'s: its stdout is buffered, so a small output
//! comes after the diagnostics. The library entry [`crate::OptTool::run`]
//! has no stdout to write to and holds everything.

use std::fs::File;
use std::io::{self, BufWriter, Write};

/// Bytes held before the sink starts writing through.
pub(crate) const HOLD_LIMIT: usize = 1 << 20;

/// Where the text finally goes.
pub(crate) enum Target<'w> {
    /// Nowhere yet: everything stays in memory for the caller.
    Memory,
    /// The process's stdout (or any writer the caller gives).
    Writer(&'w mut dyn Write),
    /// The `-o` file, created at the first write through (or at the end).
    File {
        path: String,
        file: Option<BufWriter<File>>,
    },
}

/// What `target` writes to (the `-o` file is created on the first
/// call); `None` for [`Target::Memory`].
fn writer<'a>(target: &'a mut Target<'_>) -> io::Result<Option<&'a mut dyn Write>> {
    Ok(match target {
        Target::Memory => None,
        Target::Writer(w) => Some(&mut **w),
        Target::File { path, file } => {
            if file.is_none() {
                *file = Some(BufWriter::new(File::create(path.as_str())?));
            }
            Some(file.as_mut().expect("created above"))
        }
    })
}

/// The output of one run: the text held so far and its target.
pub(crate) struct OutputSink<'w> {
    held: Vec<u8>,
    target: Target<'w>,
    /// Once written through, every later byte is written through.
    through: bool,
    /// The first write error; later writes are dropped and
    /// [`OutputSink::finish`] reports it.
    error: Option<io::Error>,
}

impl<'w> OutputSink<'w> {
    pub(crate) fn new(target: Target<'w>) -> Self {
        OutputSink {
            held: Vec::new(),
            target,
            through: false,
            error: None,
        }
    }

    /// Writes what is held to the target, creating the `-o` file on the
    /// first call. With no target, keeps it.
    fn write_through(&mut self) -> io::Result<()> {
        let Some(out) = writer(&mut self.target)? else {
            return Ok(());
        };
        self.through = true;
        let written = out.write_all(&self.held);
        self.held.clear();
        written
    }

    /// Writes the rest and flushes. Returns the text still held: all of
    /// it for [`Target::Memory`], none otherwise; or the first error.
    pub(crate) fn finish(mut self) -> io::Result<Vec<u8>> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.write_through()?;
        match &mut self.target {
            Target::Memory => Ok(self.held),
            Target::Writer(w) => w.flush().map(|()| Vec::new()),
            Target::File { file, .. } => {
                file.as_mut().map_or(Ok(()), Write::flush)?;
                Ok(Vec::new())
            }
        }
    }
}

impl Write for OutputSink<'_> {
    /// Never fails: the first error is kept for [`OutputSink::finish`],
    /// so a failed write does not stop the diagnostics of later chunks.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.error.is_some() {
            return Ok(buf.len());
        }
        if self.through {
            // Past the limit the pieces go straight to the target, not
            // through `held` (a copy of the whole output).
            let written = writer(&mut self.target).and_then(|out| match out {
                Some(out) => out.write_all(buf),
                None => Ok(()),
            });
            if let Err(e) = written {
                self.error = Some(e);
            }
            return Ok(buf.len());
        }
        self.held.extend_from_slice(buf);
        if self.held.len() >= HOLD_LIMIT {
            if let Err(e) = self.write_through() {
                self.error = Some(e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_target_keeps_everything() {
        let mut sink = OutputSink::new(Target::Memory);
        let big = vec![b'x'; HOLD_LIMIT * 2];
        sink.write_all(&big).unwrap();
        assert_eq!(sink.finish().unwrap().len(), HOLD_LIMIT * 2);
    }

    #[test]
    fn writer_target_holds_small_output_until_the_end() {
        let mut out = Vec::new();
        let mut sink = OutputSink::new(Target::Writer(&mut out));
        sink.write_all(b"module {\n}\n").unwrap();
        assert!(sink.held.len() == 11 && !sink.through);
        assert!(sink.finish().unwrap().is_empty());
        assert_eq!(out, b"module {\n}\n");
    }

    #[test]
    fn writer_target_writes_through_past_the_limit() {
        let mut out = Vec::new();
        let mut sink = OutputSink::new(Target::Writer(&mut out));
        sink.write_all(&vec![b'a'; HOLD_LIMIT]).unwrap();
        assert!(sink.through && sink.held.is_empty());
        sink.write_all(b"b").unwrap();
        assert!(
            sink.held.is_empty(),
            "once through, every write goes through"
        );
        sink.finish().unwrap();
        assert_eq!(out.len(), HOLD_LIMIT + 1);
    }

    #[test]
    fn a_file_that_cannot_be_created_is_an_error_at_the_end() {
        let dir = std::env::temp_dir().join("ods-opt-no-such-dir-for-output");
        let path = dir.join("out.mlir").to_string_lossy().into_owned();
        let mut sink = OutputSink::new(Target::File { path, file: None });
        sink.write_all(&vec![b'a'; HOLD_LIMIT]).unwrap();
        assert!(sink.finish().is_err());
    }
}
