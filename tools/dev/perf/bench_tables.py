#!/usr/bin/env python3
"""The tables of docs/performance.md that Google Benchmark measures, written from the JSON that
tools/dev/bench.sh leaves in bench-results/: one Markdown file per table in perf-results/, each
figure the median of its repetitions, each ratio between two benchmarks of the same run.

    python3 tools/dev/perf/bench_tables.py [BENCH_RESULTS] [PERF_RESULTS]
"""
import json
import os
import pathlib
import sys
from datetime import datetime, timezone

BINARIES = ["framecheck_diagnostics_bench", "framecheck_det_math_bench", "framecheck_image_bench",
            "framecheck_session_bench"]
UNITS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


class Results:
    """Every benchmark's median, in nanoseconds, and its counters, by its name in the run."""

    def __init__(self, folder):
        self.times, self.counters, self.context = {}, {}, None
        for binary in BINARIES:
            path = folder / f"{binary}.json"
            data = json.loads(path.read_text())
            self.context = self.context or data["context"]
            for run in data["benchmarks"]:
                if run.get("aggregate_name") != "median":
                    continue
                name = run["run_name"]
                # A benchmark timed on the wall clock (more than one thread) says so in its name.
                key = "real_time" if name.endswith("/real_time") else "cpu_time"
                self.times[name] = run[key] * UNITS[run["time_unit"]]
                self.counters[name] = run

    def ns(self, name):
        if name not in self.times:
            sys.exit(f"bench_tables.py: no median for {name} in the benchmark results")
        return self.times[name]

    def per_item(self, name):
        """The time an item takes, for a benchmark that counts its items (a call each)."""
        self.ns(name)
        return 1e9 / self.counters[name]["items_per_second"]


def shown(ns):
    """A time in the unit that keeps three or four figures."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:,.{3 if ns < 10 * scale else 1}f} {unit}".replace(".0 ", " ")
    return f"{ns:.1f} ns"


def met(ok):
    return "yes" if ok else "**no**"


def header(results, binaries):
    ctx = results.context
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    load = ", ".join(f"{x:.2f}" for x in ctx.get("load_avg", [])) or "unknown"
    names = ", ".join(f"`{b}`" for b in binaries)
    return (f"Measured by `bash tools/dev/bench.sh` ({names}, release preset, medians of 5 "
            f"repetitions, interleaved) on {when}: {ctx['num_cpus']} cores at "
            f"{ctx['mhz_per_cpu']} MHz, load {load}.\n\n")


def table(columns, rows):
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def write(folder, name, text):
    temporary = folder / f"{name}.md.tmp"
    temporary.write_text(text)
    os.replace(temporary, folder / f"{name}.md")
    print(text)


def diagnostics(r):
    add, metrics = r.ns("BM_FrameWindowAdd"), r.ns("BM_FrameWindowMetrics")
    baseline = r.ns("BM_BaselineCopySortMetrics")
    both = r.ns("BM_FrameWindowAddThenMetrics")
    rows = [
        ["`FrameWindow::add`, full window (2048 of 2400 in span), 240 fps-like samples",
         shown(add), "—", "—", "≤ 40 ns", met(add <= 40)],
        ["`FrameWindow::add` then `metrics()`", shown(both), "—", "—", "≤ 60 ns", met(both <= 60)],
        ["`FrameWindow::add`, strictly falling samples (every eviction leaves the top; amortised)",
         shown(r.ns("BM_FrameWindowAddFalling")), "—", "—", "stated", "—"],
        ["the worst single `add`: the largest refill (top emptied, "
         f"{r.counters['BM_TopSamplesLargestRefill'].get('outside', 0):,.0f} samples outside)",
         shown(r.ns("BM_TopSamplesLargestRefill")), "—", "—", "stated", "—"],
        ["`FrameWindow::metrics()`, full window", shown(metrics),
         f"copy + sort + sum: {shown(baseline)}", f"{baseline / metrics:,.0f}×", "≥ 20× faster",
         met(baseline >= 20 * metrics)],
    ]
    for i, kind in enumerate(["number", "boolean", "short-string"]):
        read, direct = r.ns(f"BM_Read100/kind(number,bool,string):{i}"), r.ns(
            f"BM_Direct100/kind(number,bool,string):{i}")
        per = (read - direct) / 100
        rows.append([f"`read_reusing()`, 100 {kind} sources: cost per source beyond its own work",
                     f"{per:.1f} ns", f"sources called directly: {shown(direct)} / 100", "—",
                     "≤ 50 ns", met(per <= 50)])
    fresh = r.ns("BM_ReadFresh100/kind(number,bool,string):0")
    rows.append(["`read()`, 100 number sources, a fresh vector each call (the spec's)",
                 shown(fresh), "—", "—", "stated", "—"])
    for i, corpus in enumerate(["frame-time-like", "random"]):
        ours = r.ns(f"BM_FormatNumber/corpus(frame_times,random):{i}")
        theirs = r.ns(f"BM_Snprintf3f/corpus(frame_times,random):{i}")
        rows.append([f"`format_number`, {corpus} doubles", shown(ours),
                     f"`snprintf(\"%.3f\")`: {shown(theirs)}", f"{theirs / ours:.2f}×",
                     "at least as fast", met(ours <= theirs)])
    cached, afresh = r.ns("BM_OverlayDrawCached"), r.ns("BM_OverlayDrawAfresh")
    fill = r.ns("BM_PanelRectangleFill")
    panel = r.counters["BM_PanelRectangleFill"]
    rows += [
        ["the overlay at 1920x1080, 40 lines, full graph, line cache (`BM_OverlayDrawCached`)",
         shown(cached), f"every line afresh (`BM_OverlayDrawAfresh`): {shown(afresh)}",
         f"{afresh / cached:.2f}×", "≥ 3× faster", met(afresh >= 3 * cached)],
        ["the same cached frame against a plain translucent fill of the panel's "
         f"{panel.get('panel_w', 0):.0f}x{panel.get('panel_h', 0):.0f} rectangle "
         "(`BM_PanelRectangleFill`)", shown(cached), f"the fill: {shown(fill)}",
         f"{cached / fill:.2f}×", "≤ 1.3× the fill", met(cached <= 1.3 * fill)],
    ]
    rgba, whole = r.ns("BM_DrawOverlayRgba/1920/1080"), r.ns(
        "BM_WholeRgbaFrameToCairoAndBack/1920/1080")
    rows.append(["`draw_overlay_rgba` into a game's own 1920x1080 RGBA frame, eight sources: only "
                 "the corner the panel covers converted", shown(rgba),
                 f"the whole frame converted to Cairo's and back: {shown(whole)}",
                 f"{whole / rgba:.1f}×", "stated", "—"])
    return header(r, BINARIES[:1]) + table(
        ["figure", "result", "baseline, same run", "ratio", "target", "met"], rows)


def sessions(r):
    # On the wall clock: a replay's reader works on a thread of its own.
    replay = r.ns("BM_ReplayVerifyFromFile/1/real_time")
    step = r.ns("BM_StepTheSameFramesWithoutASession/real_time")
    full = r.ns("BM_ReplayVerifyFromFile/0/real_time")
    read = r.ns("BM_ReadTheSessionAlone/real_time")
    inline = r.ns("BM_ReadTheSessionInline/real_time")
    checked = r.ns("BM_StepTheSameFramesWithTheirChecksums/real_time")
    parts = r.ns("BM_VerifyInParts/2/real_time")
    parts_count = r.counters["BM_VerifyInParts/2/real_time"].get("parts", 0)
    halves = r.ns("BM_VerifyInTwoFixedHalves/real_time")
    seek = r.ns("BM_SessionPlayerSeekBackWithKeyframes/216000")
    from_start = r.ns("BM_SessionPlayerSeekBackToTheEnd/216000")
    keyframes = r.counters["BM_SessionPlayerSeekBackWithKeyframes/216000"].get("keyframes", 0)
    world, both = r.ns("BM_WorldChecksum"), r.ns("BM_WorldAndGameStateChecksum")
    rate = lambda ns: f"{216000 / (ns / 1e9):,.0f} frames/s"
    rows = [
        ["the 216,000-frame arena session verified from its file as `replay --verify` does on "
         "this machine's 2 cores, the stretches between its keyframes side by side "
         "(`BM_VerifyInParts/2`), on the wall clock", f"{shown(parts)} ({rate(parts)})",
         f"stepping the same frames without a session "
         f"(`BM_StepTheSameFramesWithoutASession`): {shown(step)} ({rate(step)})",
         f"{step / parts:.2f}× stepping's rate", "≥ 0.9×", met(step >= 0.9 * parts)],
        ["the same two threads on a split fixed at the middle keyframe, nothing decided as they "
         "run and nothing taken over (`BM_VerifyInTwoFixedHalves`)",
         f"{shown(halves)} ({rate(halves)})",
         f"the split decided as the stretches run: {shown(parts)} "
         f"({parts_count:.1f} stretches a verify)", f"{halves / parts:.2f}×", "stated", "—"],
        ["the same verify from frame 1 on one thread, the fast parser, as `replay --verify "
         "--jobs 1` runs it (`BM_ReplayVerifyFromFile/1`)", f"{shown(replay)} ({rate(replay)})",
         f"stepping the same frames: {shown(step)}", f"{step / replay:.2f}× stepping's rate",
         "stated", "—"],
        ["the same with the full parser alone (`BM_ReplayVerifyFromFile/0`)",
         f"{shown(full)} ({rate(full)})", f"the fast parser: {shown(replay)}",
         f"{full / replay:.2f}×", "stated", "—"],
        ["the same frames stepped with each frame's checksum taken after it, what a verifying "
         "replay does on the game's thread whatever it reads: the most its rate can be "
         "(`BM_StepTheSameFramesWithTheirChecksums`)", f"{shown(checked)} ({rate(checked)})",
         f"stepping the same frames: {shown(step)}", f"{step / checked:.2f}× stepping's rate",
         "stated", "—"],
        ["the reader's side of that replay alone: every record of the hour read and parsed on "
         "the read-ahead thread and taken, nothing stepped (`BM_ReadTheSessionAlone`)",
         f"{shown(read)} ({rate(read)})", f"stepping the same frames: {shown(step)}",
         f"{read / step:.2f}× stepping's time", "stated", "—"],
        ["the same records read on the taker's own thread, as each stretch of a verify in parts "
         "reads its own (`BM_ReadTheSessionInline`)", f"{shown(inline)} ({rate(inline)})",
         f"stepping the same frames: {shown(step)}", f"{inline / step:.2f}× stepping's time",
         "stated", "—"],
        ["`view`'s seek back over an hour of the arena: from the end to frame 215,999, the "
         f"farthest a seek steps from its keyframe ({keyframes:.0f} keyframes kept)",
         shown(seek), f"replayed from the first frame (`BM_SessionPlayerSeekBackToTheEnd`): "
         f"{shown(from_start)}", f"{from_start / seek:,.0f}×", "under 20 ms", met(seek < 20e6)],
        ["the per-frame checksum with the arena's declared fields "
         "(`BM_WorldAndGameStateChecksum`)", shown(both),
         f"the world's alone (`BM_WorldChecksum`): {shown(world)}", f"{both / world:.1f}×",
         "stated", "—"],
    ]
    return header(r, BINARIES[3:]) + table(
        ["figure", "result", "baseline, same run", "ratio", "target", "met"], rows)


def det_math(r):
    rows = []
    for shape, names in (("one", ["sin", "cos", "tan", "asin", "atan", "exp", "log"]),
                         ("two", ["atan2", "pow", "hypot"])):
        for name in names:
            std = r.per_item(f"{shape}/std_{name}")
            ours = r.per_item(f"{shape}/det_math_{name}")
            limit = 2 if name in ("sin", "cos", "exp", "log") else 3
            rows.append([name, shown(std), shown(ours), f"{ours / std:.2f}×", f"≤ {limit}×",
                         met(ours <= limit * std)])
    glibc = os.confstr("CS_GNU_LIBC_VERSION") if hasattr(os, "confstr") else "glibc"
    return header(r, BINARIES[1:2]) + table(
        ["function", f"`std::` ({glibc}), a call", "`det_math`, a call", "ratio", "target",
         "met"], rows)


def image(r):
    kernels = ["scalar", "SSE2", "AVX2"]
    rows = []
    for i, what in enumerate(["a 3840x2160 arena frame", "a 3840x2160 photo-like frame"]):
        ours, spng = r.ns(f"BM_DecodeFramecheck/{i}"), r.ns(f"BM_DecodeLibspng/{i}")
        exact = r.counters[f"BM_DecodeFramecheck/{i}"]
        spng_exact = r.counters[f"BM_DecodeLibspng/{i}"]
        rows.append([f"PNG decode, {what} (`BM_DecodeFramecheck`)", shown(ours),
                     f"libspng: {shown(spng)}", f"{spng / ours:.2f}×",
                     "the faster exact decoder",
                     f"{met(ours < spng)}, exact on {exact.get('exact', 0):.0f} of "
                     f"{exact.get('files', 0):.0f} corpus files (libspng "
                     f"{spng_exact.get('exact', 0):.0f})"])
    for bench, what in (("BM_AntialiasedPhoto", "the anti-aliasing detector on every pixel of "
                         "two 1080p photos"),
                        ("BM_DeltasOver", "every pixel of two 1080p photos judged against the "
                         "threshold")):
        times = {k: r.ns(f"{bench}/{i}") for i, k in enumerate(kernels)
                 if f"{bench}/{i}" in r.times}
        best = times.get("AVX2", times.get("SSE2"))
        rows.append([f"{what} (`{bench}`), AVX2 kernel", shown(best),
                     f"scalar: {shown(times['scalar'])}", f"{times['scalar'] / best:.2f}×",
                     "stated", "—"])
    for i, what in enumerate(["two 1080p photos", "two 1080p arena frames a second apart"]):
        plain = r.ns(f"BM_CountMismatched/{i}/0")
        palette = r.ns(f"BM_CountMismatched/{i}/2")
        rows.append([f"the whole comparison on one thread, {what} (`BM_CountMismatched`)",
                     shown(plain), f"with a palette picture: {shown(palette)}", "—", "stated",
                     "—"])
    for i, what in enumerate(["a photo pair's", "two arena frames'"]):
        ours, theirs = r.ns(f"BM_PictureFastZlib/{i}/real_time"), r.ns(
            f"BM_PictureLibdeflateFastest/{i}")
        rows.append([f"{what} 1080p diff picture compressed on both cores "
                     "(`BM_PictureFastZlib`)", shown(ours),
                     f"libdeflate's fastest level: {shown(theirs)}", f"{theirs / ours:.2f}×",
                     "stated", "—"])
    return header(r, BINARIES[2:3]) + table(
        ["figure", "result", "baseline, same run", "ratio", "target", "met"], rows)


def main():
    root = pathlib.Path(__file__).resolve().parents[3]
    bench = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else root / "bench-results")
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else root / "perf-results")
    out.mkdir(parents=True, exist_ok=True)
    results = Results(bench)
    for name, make in (("bench_diagnostics", diagnostics), ("bench_sessions", sessions),
                       ("bench_det_math", det_math), ("bench_image", image)):
        write(out, name, make(results))


if __name__ == "__main__":
    main()
