//! The `meter` dialect from outside: IR text read, verified and printed
//! back unchanged (custom form and through the generic form), IR built
//! with the generated builders, the `custom<Unit>` directive's bare and
//! quoted forms, and the verifiers' and parser's errors.

use downstream::{units, ConvertOp, ReadingOp, SumOp};
use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::Location;
use ods_runtime::testing::{self, Fixture};

const PROGRAM: &str = r#"module {
  %0 = meter.reading 2.500000e+00 in km
  %1 = meter.convert %0 from km to m
  %2 = meter.reading 1.200000e+02 in m {source = "tape"}
  %3 = meter.sum(%1, %2)
  %4 = meter.reading 1.000000e+00 in "light year"
  %5 = meter.sum()
}
"#;

fn generic() -> PrintOptions {
    PrintOptions {
        generic: true,
        ..PrintOptions::default()
    }
}

#[test]
fn the_program_prints_back_unchanged() {
    let printed = testing::verify_text(PROGRAM, downstream::registry, PrintOptions::default());
    assert_eq!(printed.as_deref(), Ok(PROGRAM));
}

#[test]
fn the_generic_form_reads_back_to_the_custom_form() {
    let printed = testing::verify_text(PROGRAM, downstream::registry, generic()).unwrap();
    assert!(
        printed.contains(r#""meter.convert"(%0) <{from = "km", to = "m"}> : (f64) -> f64"#),
        "{printed}"
    );
    let custom = testing::verify_text(&printed, downstream::registry, PrintOptions::default());
    assert_eq!(custom.as_deref(), Ok(PROGRAM));
}

#[test]
fn builders_make_ir_that_prints_in_the_custom_form() {
    let mut fx = Fixture::new(downstream::registry);
    let mut b = fx.builder();
    let loc = Location::UNKNOWN;
    let miles = ReadingOp::build(&mut b, loc, 3.0, "mi");
    let feet = ConvertOp::build(&mut b, loc, miles, "mi", "ft");
    let extra = ReadingOp::build(&mut b, loc, 12.0, "ft");
    let values = [feet.result(b.ctx, b.ir), extra.result(b.ctx, b.ir)];
    SumOp::build(&mut b, loc, &values);
    let text = fx.round_trip();
    assert!(text.contains("meter.convert %0 from mi to ft"), "{text}");
    assert!(text.contains("meter.sum(%1, %2)"), "{text}");
    let factor = units::factor("mi", "ft").unwrap();
    assert!((factor - 5280.0).abs() < 1e-9, "{factor}");
}

#[test]
fn the_verifiers_reject_bad_units() {
    let cases = [
        (
            "%0 = meter.reading 1.0 in furlong\n",
            "'meter.reading' op unknown unit 'furlong'",
        ),
        (
            "%0 = meter.reading 1.0 in m\n%1 = meter.convert %0 from m to h\n",
            "'meter.convert' op cannot convert 'm' (length) to 'h' (time)",
        ),
        (
            "%0 = meter.reading 1.0 in s\n%1 = meter.convert %0 from s to s\n",
            "'meter.convert' op converts 's' to itself",
        ),
        (
            "%0 = meter.reading 1.0 in s\n%1 = meter.convert %0 from s to parsec\n",
            "'meter.convert' op unknown unit 'parsec'",
        ),
        (
            r#"%0 = "meter.reading"() <{value = 1.0 : f64}> : () -> f64"#,
            "'meter.reading' op requires attribute 'unit'",
        ),
    ];
    for (text, message) in cases {
        let err = testing::verify_text(text, downstream::registry, PrintOptions::default());
        assert_eq!(err, Err(message.to_string()), "on {text}");
    }
}

#[test]
fn the_custom_directive_reports_what_it_expected() {
    let err = testing::verify_text_rendered("%0 = meter.reading 1.0 in 5\n", downstream::registry)
        .unwrap_err();
    assert!(
        err.starts_with(
            "t.mlir:1:27: error: custom op 'meter.reading' expected valid keyword or string"
        ),
        "{err}"
    );
    assert!(err.contains("\n                          ^"), "{err}");
}

#[test]
fn the_interface_is_found_on_generic_ops_with_its_default_method() {
    use downstream::meter::MeasuringOpInterfaceRef;
    use ods_runtime::{interface, Op};
    let mut fx = Fixture::new(downstream::registry);
    let mut b = fx.builder();
    let loc = Location::UNKNOWN;
    let reading = ReadingOp::build(&mut b, loc, 3.0, "h");
    let convert = ConvertOp::build(&mut b, loc, reading, "h", "min");
    let sum = SumOp::build(&mut b, loc, &[]);
    let (ctx, ir, registry) = (&fx.ctx, &fx.ir, &fx.reg);
    let units: Vec<Option<(String, Option<downstream::Dimension>)>> =
        [reading.op(), convert.op(), sum.op()]
            .into_iter()
            .map(|op| {
                interface::<MeasuringOpInterfaceRef>(registry, ir, op)
                    .map(|m| (m.get_unit(ctx, ir), m.get_dimension(ctx, ir)))
            })
            .collect();
    assert_eq!(
        units,
        [
            Some(("h".to_string(), Some(downstream::Dimension::Time))),
            Some(("min".to_string(), Some(downstream::Dimension::Time))),
            None
        ]
    );
}

#[test]
fn definitions_are_built_and_read_from_rust() {
    use downstream::meter::{DimensionAttr, TickType};
    use downstream::{QuantityType, RangeAttr};
    let mut fx = Fixture::new(downstream::registry);
    let ctx = &mut fx.ctx;
    let q = QuantityType::get(ctx, "kg".to_string());
    assert_eq!(q.unit(ctx), "kg");
    assert_eq!(
        ods_runtime::ir::printer::print_type_str(ctx, q.into()),
        "!meter.quantity<\"kg\">"
    );
    let tick = TickType::get(ctx);
    assert_eq!(
        ods_runtime::ir::printer::print_type_str(ctx, tick.into()),
        "!meter.tick"
    );
    let range = RangeAttr::get(ctx, 0, 8, 2).expect("a valid range");
    assert_eq!(
        (range.low(ctx), range.high(ctx), range.step(ctx)),
        (0, 8, 2)
    );
    assert_eq!(
        RangeAttr::get(ctx, 3, 1, 1).unwrap_err(),
        "empty range: 3 is above 1"
    );
    let dim = DimensionAttr::get(ctx, downstream::Dimension::Mass);
    assert_eq!(
        DimensionAttr::try_value(ctx, dim),
        Some(downstream::Dimension::Mass)
    );
}
