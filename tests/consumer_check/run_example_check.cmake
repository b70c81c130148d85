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
# Through the same compiler cache as the build that tests it, as a studio's CI would: base_dir is
# the scratch folder, so another clone's run hits what this one compiled, and a path compiled in
# (the goldens' folder) stays in the hash. (ccache's settings go in the build's environment: a
# launcher with arguments would not survive run()'s list.)
run(${CMAKE_COMMAND} -S ${project} -B ${project}/build -G ${CMAKE_GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${EXAMPLE_CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${EXAMPLE_CXX_FLAGS}"
    -DCMAKE_CXX_COMPILER_LAUNCHER=${EXAMPLE_CCACHE})
run(${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${SCRATCH_DIR} CCACHE_NOHASHDIR=true
    ${CMAKE_COMMAND} --build ${project}/build)
run(${CMAKE_CTEST_COMMAND} --test-dir ${project}/build -j2 --output-on-failure --no-tests=error)
# Then a golden broken by one pixel, reported, reviewed and accepted, as a studio would (the
# tutorial's example; -DREVIEW_FLOW=OFF leaves it out for another project).
if(NOT DEFINED REVIEW_FLOW OR REVIEW_FLOW)
  run(bash ${CMAKE_CURRENT_LIST_DIR}/golden_review_flow.sh ${prefix} ${project} ${project}/build
      ${CMAKE_CTEST_COMMAND})
endif()
message(STATUS "${EXAMPLE_SOURCE_DIR} built and tested against ${prefix}")
