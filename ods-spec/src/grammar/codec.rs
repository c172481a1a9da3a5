//! A compact binary form of the syntax tree ([`crate::ast`]), for the
//! standard library parsed once at build time (`ods-spec/build.rs`)
//! instead of on every run: the library is most of what a spec includes,
//! and reading its tree back costs a small part of parsing its text.
//!
//! Spans are stored without their file, which the reader supplies (the
//! file id the library file has in this compilation). Integers are
//! little-endian, lengths and tags `u32`; the writer and the reader are
//! built from the same source, so the format needs no version.

use crate::ast::*;
use crate::diag::{FileId, Span};

/// Writes `file` in the binary form.
pub fn encode(file: &File) -> Vec<u8> {
    let mut w = Vec::new();
    file.stmts.put(&mut w);
    w
}

/// Reads a tree [`encode`] wrote, its spans in `file`. `None` when the
/// bytes are not such a tree (never the case for the build's own output).
pub fn decode(bytes: &[u8], file: FileId) -> Option<File> {
    let mut r = Reader {
        bytes,
        pos: 0,
        file,
    };
    let stmts = Vec::<Stmt>::get(&mut r)?;
    (r.pos == bytes.len()).then_some(File { stmts })
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    file: FileId,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn tag(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }
}

fn put_u32(w: &mut Vec<u8>, v: u32) {
    w.extend_from_slice(&v.to_le_bytes());
}

/// One node type's binary form.
trait Codec: Sized {
    fn put(&self, w: &mut Vec<u8>);
    fn get(r: &mut Reader) -> Option<Self>;
}

impl Codec for u32 {
    fn put(&self, w: &mut Vec<u8>) {
        put_u32(w, *self);
    }
    fn get(r: &mut Reader) -> Option<Self> {
        r.u32()
    }
}

impl Codec for i64 {
    fn put(&self, w: &mut Vec<u8>) {
        w.extend_from_slice(&self.to_le_bytes());
    }
    fn get(r: &mut Reader) -> Option<Self> {
        Some(i64::from_le_bytes(r.take(8)?.try_into().ok()?))
    }
}

impl Codec for bool {
    fn put(&self, w: &mut Vec<u8>) {
        w.push(u8::from(*self));
    }
    fn get(r: &mut Reader) -> Option<Self> {
        Some(r.tag()? != 0)
    }
}

impl Codec for String {
    fn put(&self, w: &mut Vec<u8>) {
        put_u32(w, self.len() as u32);
        w.extend_from_slice(self.as_bytes());
    }
    fn get(r: &mut Reader) -> Option<Self> {
        let n = r.u32()? as usize;
        std::str::from_utf8(r.take(n)?).ok().map(str::to_string)
    }
}

impl Codec for Span {
    fn put(&self, w: &mut Vec<u8>) {
        put_u32(w, self.start);
        put_u32(w, self.end);
    }
    fn get(r: &mut Reader) -> Option<Self> {
        Some(Span {
            file: r.file,
            start: r.u32()?,
            end: r.u32()?,
        })
    }
}

impl<T: Codec> Codec for Vec<T> {
    fn put(&self, w: &mut Vec<u8>) {
        put_u32(w, self.len() as u32);
        self.iter().for_each(|x| x.put(w));
    }
    fn get(r: &mut Reader) -> Option<Self> {
        let n = r.u32()? as usize;
        // Each element takes at least one byte: a bad length cannot
        // reserve more than the input.
        let mut v = Vec::with_capacity(n.min(r.bytes.len() - r.pos));
        for _ in 0..n {
            v.push(T::get(r)?);
        }
        Some(v)
    }
}

impl<T: Codec> Codec for Option<T> {
    fn put(&self, w: &mut Vec<u8>) {
        match self {
            None => w.push(0),
            Some(x) => {
                w.push(1);
                x.put(w);
            }
        }
    }
    fn get(r: &mut Reader) -> Option<Self> {
        match r.tag()? {
            0 => Some(None),
            1 => Some(Some(T::get(r)?)),
            _ => None,
        }
    }
}

impl<T: Codec> Codec for Box<T> {
    fn put(&self, w: &mut Vec<u8>) {
        (**self).put(w);
    }
    fn get(r: &mut Reader) -> Option<Self> {
        T::get(r).map(Box::new)
    }
}

impl<A: Codec, B: Codec> Codec for (A, B) {
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
        self.1.put(w);
    }
    fn get(r: &mut Reader) -> Option<Self> {
        Some((A::get(r)?, B::get(r)?))
    }
}

/// Structs: their fields in order.
macro_rules! codec_struct {
    ($($ty:ident { $($field:ident),* })*) => {$(
        impl Codec for $ty {
            fn put(&self, w: &mut Vec<u8>) {
                $(self.$field.put(w);)*
            }
            fn get(r: &mut Reader) -> Option<Self> {
                Some($ty { $($field: Codec::get(r)?),* })
            }
        }
    )*};
}

codec_struct! {
    Ident { name, span }
    MultiClassDef { name, template_args, parents, body, span }
    DefmStmt { name, parents, span }
    Assert { cond, message, span }
    Arg { name, value }
    Defvar { name, value }
    LetBinding { name, value }
    ClassDef { name, template_args, parents, body, span }
    TemplateArg { ty, name, default }
    ParentRef { name, args, span }
    DefStmt { name, parents, body, span }
    Expr { kind, span }
    DagArg { value, name }
}

/// Enums: a tag byte (the variant's place in the list), then the
/// variant's fields in order.
macro_rules! codec_enum {
    ($ty:ident {
        $($tag:literal => $variant:ident $({ $($field:ident),* })? $(( $($tuple:ident),* ))?),* $(,)?
    }) => {
        impl Codec for $ty {
            fn put(&self, w: &mut Vec<u8>) {
                match self {$(
                    $ty::$variant $({ $($field),* })? $(( $($tuple),* ))? => {
                        w.push($tag);
                        $($($field.put(w);)*)?
                        $($($tuple.put(w);)*)?
                    }
                )*}
            }
            fn get(r: &mut Reader) -> Option<Self> {
                Some(match r.tag()? {
                    $($tag => $ty::$variant
                        $({ $($field: Codec::get(r)?),* })?
                        $(( $({ let $tuple = Codec::get(r)?; $tuple }),* ))?,)*
                    _ => return None,
                })
            }
        }
    };
}

codec_enum!(Stmt {
    0 => Include { path, span },
    1 => Class(c),
    2 => Def(d),
    3 => Let { bindings, body, span },
    4 => Defvar(d),
    5 => Assert(a),
    6 => Foreach { var, list, body, span },
    7 => If { cond, then_body, else_body, span },
    8 => MultiClass(m),
    9 => Defm(d),
});

codec_enum!(DefName {
    0 => Plain(i),
    1 => Pasted(e),
});

codec_enum!(BodyItem {
    0 => Field { ty, name, value, span },
    1 => Let { name, value, span },
    2 => Defvar(d),
    3 => Assert(a),
});

codec_enum!(TypeExpr {
    0 => String,
    1 => Code,
    2 => Int,
    3 => Bit,
    4 => Bits(n),
    5 => List(t),
    6 => Dag,
    7 => Class(i),
});

codec_enum!(ExprKind {
    0 => Int(v),
    1 => BinaryInt(v, w),
    2 => Str(s),
    3 => Code(s),
    4 => Bool(b),
    5 => Unset,
    6 => List { elems, elem_ty },
    7 => Dag { op, op_name, args },
    8 => Bang { op, ty, args },
    9 => Cond(cases),
    10 => ClassInst { class, args },
    11 => Ident(name),
    12 => FieldAccess { base, field },
    13 => Index { base, index },
    14 => Paste(lhs, rhs),
});
