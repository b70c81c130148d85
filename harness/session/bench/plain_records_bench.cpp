// What the reader's fast parser costs a line, on the two records an arena session is made of:
// a frame with two changed fields (216,000 an hour; read in the writer's layout, and through
// simdjson as a frame in any other is) and a checkpoint with five actors (3,600 an hour). Beside
// each, simdjson's own pass over the same line (its index of the structure, what every On-Demand
// read starts with): the part of a line's cost that is not ours.
#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <string>
#include <string_view>

#include "plain_records.hpp"

namespace framecheck {
namespace {

constexpr std::string_view kFrame =
    R"({"type":"frame","frame":9,"dt":16666667,"sample":0.200922,"checksum":"d568ef3cd925e250",)"
    R"("game_changes":{"session time":150000000,"phase time":150000000}})";

constexpr std::string_view kCheckpoint =
    R"j({"type":"checkpoint","frame":300,"checksum":"d97fa75ab5c3ef7d","metrics":{"samples":300,)j"
    R"j("mean":0.28110761666666667,"p95":0.291064,"p99":0.345838},"readings":[{"name":"levels )j"
    R"j(visited","value":1.0},{"name":"session time","value":5.0},{"name":"score","value":1.0},)j"
    R"j({"name":"leader","value":"red"},{"name":"player","value":"(139.1, 157.6)"},{"name":)j"
    R"j("enemies","value":4.0},{"name":"spawned","value":5.0},{"name":"boss","error":"boss not )j"
    R"j(spawned"}],"world":{"level":"arena-1","phase":"playing","time":5000000000,"ticks":300,)j"
    R"j("rng":["91c32ad840bfcf82","5d2c7c7091279715","5fff0d83eaaf12ec","d7b6caabda9567ec"],)j"
    R"j("timers":1,"actors":[[1,"player",139.06347031320715,157.60950172834,10.0,10.0,)j"
    R"j(69.92352027313807,-3.2712860792125467,true],[3,"red",278.8815640488234,101.16993582534204,)j"
    R"j(6.0,6.0,-17.414100468780283,41.49396467997757,true],[4,"blue",196.67934264709172,)j"
    R"j(154.72064270030492,6.0,6.0,42.89284625302417,-13.608958090700058,true],[5,"blue",)j"
    R"j(7.55157294470149,80.44053190303676,6.0,6.0,9.246824010145973,-44.03971214398872,true],)j"
    R"j([6,"blue",5.760611547125512,102.50394468944347,6.0,6.0,26.5874378689063,)j"
    R"j(-36.305759151504425,true]]},"game":[["levels visited","whole",1],["session time","whole",)j"
    R"j(5000000000],["next level","text","arena-2"],["player","whole",1],["boss","whole",0],)j"
    R"j(["boss hp","whole",0],["boss defeated","flag",false],["boss hit cooldown","whole",0],)j"
    R"j(["score","whole",1],["spawned","whole",5],["kills red","whole",1],["phase time","whole",)j"
    R"j(3000000000],["spawn period","whole",600000000],["held","flags",[false,false,false,false]]]})j";

template <class Read>
void read_each_iteration(benchmark::State& state, std::string_view line, Read read) {
  for (auto _ : state) {
    auto record = read(line);
    if (!record) {
      state.SkipWithError("the line is not a plain record");
      break;
    }
    benchmark::DoNotOptimize(record);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * line.size()));
}

// Into one frame's storage, line after line, as the session reader reads.
void BM_ReadAPlainFrame(benchmark::State& state) {
  PlainFrame frame;
  read_each_iteration(state, kFrame, [&](std::string_view line) {
    const bool read = read_plain_frame(line, frame);
    benchmark::DoNotOptimize(frame);
    return read;
  });
}
BENCHMARK(BM_ReadAPlainFrame);

// The same line through simdjson, as a line in another key order is read.
void BM_ReadAPlainFrameAsJson(benchmark::State& state) {
  read_each_iteration(state, kFrame, read_plain_frame_json);
}
BENCHMARK(BM_ReadAPlainFrameAsJson);

void BM_ReadAPlainCheckpoint(benchmark::State& state) {
  read_each_iteration(state, kCheckpoint, read_plain_checkpoint);
}
BENCHMARK(BM_ReadAPlainCheckpoint);

// simdjson's structural pass alone, on a padded copy of the line as the parser makes one.
void simdjson_index(benchmark::State& state, std::string_view line) {
  simdjson::ondemand::parser parser;
  std::string padded(line);
  padded.append(simdjson::SIMDJSON_PADDING, ' ');
  for (auto _ : state) {
    simdjson::ondemand::document doc;
    if (parser.iterate(padded.data(), line.size(), padded.size()).get(doc)) {
      state.SkipWithError("simdjson refused the line");
      break;
    }
    benchmark::DoNotOptimize(doc);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * line.size()));
}
void BM_IndexAFrameLine(benchmark::State& state) {
  simdjson_index(state, kFrame);
}
BENCHMARK(BM_IndexAFrameLine);
void BM_IndexACheckpointLine(benchmark::State& state) {
  simdjson_index(state, kCheckpoint);
}
BENCHMARK(BM_IndexACheckpointLine);

}  // namespace
}  // namespace framecheck
