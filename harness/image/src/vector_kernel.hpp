// Which implementation of the diff's vector loops runs: AVX2 where this build and this CPU have
// it (chosen at run time), portable code otherwise. Every kernel gives the same results bit for
// bit; the choice is explicit so that tests can hold each to that.
#pragma once

namespace framecheck {

enum class VectorKernel { kPortable, kAvx2 };

// The fastest kernel this build and this CPU can run.
VectorKernel best_vector_kernel();
// Whether this build and this CPU can run `kernel`.
bool vector_kernel_available(VectorKernel kernel);

}  // namespace framecheck
