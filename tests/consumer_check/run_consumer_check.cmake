# cmake -P script: install, configure an outside consumer, build it, run it.
file(REMOVE_RECURSE ${SCRATCH_DIR})
set(prefix ${SCRATCH_DIR}/prefix)

include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

run(${CMAKE_COMMAND} --install ${FRAMECHECK_BUILD_DIR} --prefix ${prefix} --component Unspecified)
run(${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${SCRATCH_DIR}/build -G ${CMAKE_GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${SCRATCH_DIR}/build)
run(${SCRATCH_DIR}/build/consumer)
# The installed command line, one binary for every command.
run(${prefix}/bin/framecheck version)
run(${prefix}/bin/framecheck demo --frames 30 --png ${SCRATCH_DIR}/frame.png)
run(${prefix}/bin/framecheck diff ${SCRATCH_DIR}/frame.png ${SCRATCH_DIR}/frame.png)
message(STATUS "consumer built against ${prefix} and passed")
