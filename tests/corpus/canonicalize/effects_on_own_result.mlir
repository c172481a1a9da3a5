// An op whose only effects are on memory it allocates itself (upstream's
// test.test_effects_result allocates and writes its result) goes when
// nothing uses the result; one that is used stays.

func.func @unused_allocation_goes() {
  %dead = "test.test_effects_result"() : () -> i32
  return
}

func.func @used_allocation_stays() -> i32 {
  %live = "test.test_effects_result"() : () -> i32
  return %live : i32
}
