# framecheck's CMake helpers for a studio's own cases and sessions. The package's config includes
# this file, so after find_package(framecheck CONFIG REQUIRED) both functions are there.
include_guard(GLOBAL)
include(GoogleTest)

# framecheck_add_cases(<target> GOLDEN_DIR <dir> [ARTIFACTS_DIR <dir>] [PREFIX <prefix>]
#                      [LABELS <label>...])
# Registers each case of a case binary (a GoogleTest executable whose main calls run_cases) as
# its own ctest test, named <prefix>.<Suite>.<Case> (prefix: the target's name). Goldens are read
# from GOLDEN_DIR and each check's result, and a failing case's pictures, land in ARTIFACTS_DIR
# (default: the build folder's artifacts/). Both are made absolute and compiled into the binary
# (FRAMECHECK_CASES_GOLDEN_DIR, FRAMECHECK_CASES_ARTIFACTS_DIR, which run_cases(argc, argv) takes),
# so the binary run by hand from any folder finds its goldens. Update mode is reached through the
# environment, as everywhere:
#   FRAMECHECK_UPDATE_GOLDENS=changed ctest -R <prefix>
#
#   add_executable(breakout_cases cases.cpp)
#   target_link_libraries(breakout_cases PRIVATE framecheck::casekit breakout)
#   # cases.cpp: int main(int argc, char** argv) { return framecheck::run_cases(argc, argv); }
#   framecheck_add_cases(breakout_cases GOLDEN_DIR ${CMAKE_CURRENT_SOURCE_DIR}/golden)
function(framecheck_add_cases target)
  cmake_parse_arguments(ARG "" "GOLDEN_DIR;ARTIFACTS_DIR;PREFIX" "LABELS" ${ARGN})
  if(NOT ARG_GOLDEN_DIR)
    message(FATAL_ERROR "framecheck_add_cases(${target}): GOLDEN_DIR is required")
  endif()
  if(NOT ARG_ARTIFACTS_DIR)
    set(ARG_ARTIFACTS_DIR ${CMAKE_CURRENT_BINARY_DIR}/artifacts)
  endif()
  if(NOT ARG_PREFIX)
    set(ARG_PREFIX ${target})
  endif()
  if(NOT ARG_LABELS)
    set(ARG_LABELS case)
  endif()
  cmake_path(ABSOLUTE_PATH ARG_GOLDEN_DIR BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  cmake_path(ABSOLUTE_PATH ARG_ARTIFACTS_DIR BASE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  target_compile_definitions(${target} PRIVATE
    "FRAMECHECK_CASES_GOLDEN_DIR=\"${ARG_GOLDEN_DIR}\""
    "FRAMECHECK_CASES_ARTIFACTS_DIR=\"${ARG_ARTIFACTS_DIR}\"")
  gtest_discover_tests(${target}
    TEST_PREFIX "${ARG_PREFIX}."
    EXTRA_ARGS --golden-dir=${ARG_GOLDEN_DIR} --artifacts-dir=${ARG_ARTIFACTS_DIR}
    DISCOVERY_TIMEOUT 60
    PROPERTIES LABELS "${ARG_LABELS}")
endfunction()

# framecheck_add_sessions(CLI <target or path> SESSIONS <file>... [PREFIX <prefix>]
#                         [LABELS <label>...])
# Registers each recorded session as a ctest test, <prefix>.<file name>.verify (prefix:
# "session"), that runs `<CLI> replay <file> --verify`: the studio's own framecheck binary, which
# knows its games. Sessions then run with ctest -j and shard across machines like cases. A
# compressed session, <name>.jsonl.zst, is registered as <prefix>.<name>.verify too.
#
#   framecheck_add_sessions(CLI breakout-framecheck SESSIONS sessions/first_serve.jsonl)
function(framecheck_add_sessions)
  cmake_parse_arguments(ARG "" "CLI;PREFIX" "SESSIONS;LABELS" ${ARGN})
  if(NOT ARG_CLI OR NOT ARG_SESSIONS)
    message(FATAL_ERROR "framecheck_add_sessions: CLI and SESSIONS are required")
  endif()
  if(NOT ARG_PREFIX)
    set(ARG_PREFIX session)
  endif()
  if(NOT ARG_LABELS)
    set(ARG_LABELS session)
  endif()
  if(TARGET ${ARG_CLI})
    set(cli $<TARGET_FILE:${ARG_CLI}>)
  else()
    set(cli ${ARG_CLI})
  endif()
  foreach(session IN LISTS ARG_SESSIONS)
    cmake_path(ABSOLUTE_PATH session BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
    string(REGEX REPLACE "\\.zst$" "" plain "${session}")
    cmake_path(GET plain STEM LAST_ONLY stem)
    add_test(NAME ${ARG_PREFIX}.${stem}.verify
             COMMAND ${cli} replay ${session} --verify --no-progress)
    set_tests_properties(${ARG_PREFIX}.${stem}.verify PROPERTIES LABELS "${ARG_LABELS}")
  endforeach()
endfunction()
