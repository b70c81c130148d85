# Project-wide build helpers: one place for warnings and for registering tests.

# Warnings every framecheck target compiles with; errors too when FRAMECHECK_WARNINGS_AS_ERRORS is on.
function(framecheck_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor
                                           -Wno-missing-field-initializers)
  if(FRAMECHECK_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# framecheck_add_test(<name> SOURCES <files...> [LIBS <targets...>] [ENVIRONMENT <VAR=value>])
# Builds one GoogleTest binary and registers each of its tests as its own ctest test, run with
# the one environment variable given, if any. FRAMECHECK_TEST_DATA_DIR is the folder's tests/data
# (a module's) or data (a tests folder's own).
function(framecheck_add_test name)
  cmake_parse_arguments(ARG "" "ENVIRONMENT" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main GTest::gmock)
  framecheck_set_warnings(${name})
  set(data ${CMAKE_CURRENT_SOURCE_DIR}/data)
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/data)
    set(data ${CMAKE_CURRENT_SOURCE_DIR}/tests/data)
  endif()
  target_compile_definitions(${name} PRIVATE FRAMECHECK_TEST_DATA_DIR="${data}")
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES LABELS unit
                       ENVIRONMENT "${ARG_ENVIRONMENT}")
endfunction()

# framecheck_add_benchmark(<name> SOURCES <files...> [LIBS <targets...>])
# Builds one Google Benchmark binary beside the code it measures, and registers a ctest test
# (label `bench`) that runs every benchmark in it once, briefly and on small inputs
# (FRAMECHECK_BENCH_SMOKE, read through tests/support/bench_smoke.hpp), so none can rot: a
# benchmark that skips with an error fails the test, since Google Benchmark still exits 0.
# Timings are never asserted: tools/dev/bench.sh runs them for real and writes JSON.
function(framecheck_add_benchmark name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} framecheck_test_support benchmark::benchmark
                                        benchmark::benchmark_main)
  framecheck_set_warnings(${name})
  add_test(NAME bench.${name} COMMAND ${name} --benchmark_min_time=0.001)
  set_tests_properties(bench.${name} PROPERTIES LABELS bench ENVIRONMENT FRAMECHECK_BENCH_SMOKE=1
                       FAIL_REGULAR_EXPRESSION "ERROR OCCURRED")
endfunction()

# framecheck_forbid_fp_contraction(<target>)
# Gives <target>, and every target that links it, -ffp-contract=off (GCC, Clang): a fused
# multiply-add rounds once where a multiply then an add round twice, so a game whose compiler
# fuses (g++ and clang do under -march=native, or with -ffp-contract=fast) computes other bits
# than one built without, and its sessions stop replaying. A consuming target that knows better
# opts out with set_target_properties(<game> PROPERTIES FRAMECHECK_ALLOW_FP_CONTRACT ON).
function(framecheck_forbid_fp_contraction target)
  set(off "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:FRAMECHECK_ALLOW_FP_CONTRACT>>>:-ffp-contract=off>")
  target_compile_options(${target} PUBLIC
    "$<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:${off}>"
    "$<$<COMPILE_LANG_AND_ID:C,GNU,Clang,AppleClang>:${off}>")
endfunction()
