//! `ods-translate`: the process around [`ods_translate::TranslateTool`].

fn main() {
    ods_translate::TranslateTool::new().main()
}
