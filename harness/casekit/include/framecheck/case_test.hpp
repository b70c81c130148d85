// The case kit's entry point under its short name, as studios' cases include it.
#pragma once

#include <framecheck/casekit/case_test.hpp>
