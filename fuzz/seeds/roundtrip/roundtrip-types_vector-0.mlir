"t.fixed"() {a = vector<f32>, b = vector<4xf32>, c = vector<2x3x4xi8>, d = vector<1xindex>, e = vector<8xf8E4M3FN>} : () -> vector<16xi1>
"t.scalable"() {a = vector<[4]xf32>, b = vector<2x[8]xi32>, c = vector<[2]x[4]xf16>, d = vector<4x[1]x2xbf16>} : () -> vector<[16]xi1>
%0 = "t.make"() : () -> vector<[4]x4xf64>
"t.use"(%0) : (vector<[4]x4xf64>) -> ()
