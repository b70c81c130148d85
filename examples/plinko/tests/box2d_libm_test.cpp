// Box2D's calls into the C library's float functions reach this program's det_math ones
// (box2d_libm.cpp), not glibc's, which differ by CPU: the dynamic linker gives the library the
// executable's definitions. A build that loses them (linked statically, or with the definitions
// left out of the executable) fails here rather than in a session on another machine.
#include <box2d/box2d.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <framecheck/determinism/det_math.hpp>

namespace {

TEST(Box2dLibm, TheLinkerGivesBox2dTheseFunctionsNotTheCLibrarys) {
  void* libm = dlopen("libm.so.6", RTLD_LAZY | RTLD_NOLOAD);
  ASSERT_NE(libm, nullptr);
  for (const char* name : {"sinf", "cosf", "sincosf", "atan2f", "expf"}) {
    void* used = dlsym(RTLD_DEFAULT, name);  // what a library's PLT resolves to
    ASSERT_NE(used, nullptr) << name;
    EXPECT_NE(used, dlsym(libm, name)) << name << " is glibc's";
  }
  dlclose(libm);
}

TEST(Box2dLibm, ABodysRotationIsDetMathsToTheBit) {
  b2World world({0, 0});
  b2BodyDef def;
  def.type = b2_dynamicBody;
  b2Body* body = world.CreateBody(&def);
  for (int i = 0; i < 1000; ++i) {
    const float angle = -3.0f + static_cast<float>(i) * 0.006f;
    body->SetTransform({0, 0}, angle);  // b2Rot::Set inside Box2D's library
    const b2Rot& q = body->GetTransform().q;
    ASSERT_EQ(q.s, static_cast<float>(framecheck::det_math::sin(angle))) << angle;
    ASSERT_EQ(q.c, static_cast<float>(framecheck::det_math::cos(angle))) << angle;
  }
}

}  // namespace
