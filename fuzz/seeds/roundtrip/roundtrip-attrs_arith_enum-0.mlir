"t.fastmath"() {
  a = #arith.fastmath<nnan,ninf>,
  b = #arith.fastmath<ninf, nnan>,
  c = #arith.fastmath< none >,
  d = #arith.fastmath<none,nnan>,
  e = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>,
  f = #arith.fastmath<fast,nnan>,
  g = #arith.fastmath<"nnan">,
  h = #arith.fastmath<"nnan,ninf", afn>,
  i = #arith<fastmath<contract>>,
  j = #arith.fastmath<nnan> : i32,
  k = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract>
} : () -> ()
"t.overflow"() {
  a = #arith.overflow<nsw>,
  b = #arith.overflow<nuw,nsw>,
  c = #arith.overflow< nsw , nuw >,
  d = #arith.overflow<none>,
  e = #arith<overflow<nuw>>
} : () -> ()
"t.props"() <{flags = #arith.overflow<nuw, nsw>, fm = #arith<fastmath<afn,arcp>>}> : () -> ()
#fm = #arith.fastmath<fast>
"t.alias"() {a = #fm} : () -> ()
