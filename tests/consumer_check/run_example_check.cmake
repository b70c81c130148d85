# cmake -P script: install framecheck into a scratch prefix, copy an example project somewhere no
# checkout is in sight, and build and test it there against the package alone, as a studio would:
# its case suite with goldens, its own framecheck binary, its recorded sessions, under ctest -j2;
# then its golden review flow (golden_review_flow.sh).
file(REMOVE_RECURSE ${SCRATCH_DIR})
set(prefix ${SCRATCH_DIR}/prefix)
set(project ${SCRATCH_DIR}/project)

include(${CMAKE_CURRENT_LIST_DIR}/run_command.cmake)

run(${CMAKE_COMMAND} --install ${FRAMECHECK_BUILD_DIR} --prefix ${prefix})
file(COPY ${EXAMPLE_SOURCE_DIR}/ DESTINATION ${project})
run(${CMAKE_COMMAND} -S ${project} -B ${project}/build -G ${CMAKE_GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${EXAMPLE_CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${EXAMPLE_CXX_FLAGS}")
run(${CMAKE_COMMAND} --build ${project}/build)
run(${CMAKE_CTEST_COMMAND} --test-dir ${project}/build -j2 --output-on-failure --no-tests=error)
# Then a golden broken by one pixel, reported, reviewed and accepted, as a studio would.
run(bash ${CMAKE_CURRENT_LIST_DIR}/golden_review_flow.sh ${prefix} ${project} ${project}/build
    ${CMAKE_CTEST_COMMAND})
message(STATUS "${EXAMPLE_SOURCE_DIR} built and tested against ${prefix}")
