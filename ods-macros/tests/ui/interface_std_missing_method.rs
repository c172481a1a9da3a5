// Ops listing standard-library interfaces (std_interfaces.ods) whose
// authors write none of the methods the generated code calls: rustc's
// errors must name `infer_return_types_from_adaptor` (`InferTypeOpAdaptor`)
// and `get_successor_regions` (`RegionBranchOpInterface`).
mod ops {
    ods_macros::include_ods!("./std_interfaces.ods");
}

fn main() {}
