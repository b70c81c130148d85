# cmake -P script: core built alone from this source tree (no harness, case kit, CLI, tests or
# benchmarks), installed, and the outside consumer built against it with COMPONENTS core.
file(REMOVE_RECURSE ${SCRATCH_DIR})
set(prefix ${SCRATCH_DIR}/prefix)

include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

run(${CMAKE_COMMAND} -S ${FRAMECHECK_SOURCE_DIR} -B ${SCRATCH_DIR}/core -G ${CMAKE_GENERATOR}
    -DCMAKE_BUILD_TYPE=Release -DFRAMECHECK_BUILD_HARNESS=OFF -DFRAMECHECK_BUILD_CASEKIT=OFF
    -DFRAMECHECK_BUILD_CLI=OFF -DFRAMECHECK_BUILD_TESTS=OFF -DFRAMECHECK_BUILD_BENCHMARKS=OFF)
run(${CMAKE_COMMAND} --build ${SCRATCH_DIR}/core)
run(${CMAKE_COMMAND} --install ${SCRATCH_DIR}/core --prefix ${prefix})
# Nothing of the harness was built or installed.
file(GLOB_RECURSE installed RELATIVE ${prefix} ${prefix}/*)
foreach(f ${installed})
  if(f MATCHES "harness|casekit|framecheck_cli|bin/framecheck|/image/|/session/")
    message(FATAL_ERROR "core alone installed ${f}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${SCRATCH_DIR}/build -G ${CMAKE_GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${SCRATCH_DIR}/build)
run(${SCRATCH_DIR}/build/consumer)
message(STATUS "core built alone, installed to ${prefix}, and its consumer passed")
