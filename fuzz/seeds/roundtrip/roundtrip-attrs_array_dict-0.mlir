"t.arrays"() {empty = [], ints = [1, 2, 3], mixed = [1 : i8, 2.0 : f32, "s", i32, unit, @sym, [[]], {}], nested = [[1, [2, [3]]], []]} : () -> ()
"t.dicts"() {empty = {}, simple = {a = 1 : i32, b}, sorted = {z = 1, a = 2, m = 3}, nested = {inner = {deep = {x = [1, 2]}}}, quoted = {"a b" = 1, "c" = 2}} : () -> ()
"t.dict_in_array"() {list = [{a = 1}, {b = 2}, {}]} : () -> ()
