use ods_macros::dialect;

#[dialect]
pub struct NoName;

#[dialect("to.y")]
pub struct DottedName;

#[dialect("toy")]
pub struct WithFields(u32);

#[dialect("toy")]
#[derive(Debug)]
pub struct Derived;

#[dialect("toy", ops = AddOp)]
pub struct OpsNotAList;

#[dialect("toy", summary = 3)]
pub struct SummaryNotAString;

#[dialect("toy", dependentDialects = "func")]
pub struct WrongFieldType;

fn main() {}
