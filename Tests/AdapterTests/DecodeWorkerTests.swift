import Foundation
import Testing
import LiveTextCore
import LiveTextEngines
#if canImport(Glibc)
import Glibc
#endif

/// Decodes in worker processes: bounded in CPU time, stopped when cancelled, never waiting for
/// one another, and giving the pixels a decode in this process gives.
@Suite("decoding in worker processes")
struct DecodeWorkerTests {
    /// A legitimate image (within every limit) that takes seconds of CPU: 100 megapixels of
    /// progressive JPEG, 99 scans (about 3.5 s of CPU here).
    static let slow = ImageBombs.progressiveJPEG(width: 10_000, height: 10_000, acScans: 99)

    @Test("the workers' executable is found beside the test runner, as beside the daemon")
    func executable() {
        #expect(DecodeWorkers.defaultExecutable() != nil)
    }

    // Issue 25, row 7: decoding went on, seconds of CPU, however long it took.
    @Test("a decode over its CPU time is stopped by the kernel and says so")
    func cpuLimit() async throws {
        let workers = DecodeWorkers(.init(cpu: .init(baseSeconds: 1, secondsPerMegapixel: 0)))
        let started = ContinuousClock.now
        do {
            _ = try await ImageInput(workers: workers).decode(Self.slow)
            Issue.record("decoded")
        } catch let error as LiveTextError {
            #expect(error.code == .invalidImage)
            #expect(error.message.contains("more than 1 s of CPU"), "\(error.message)")
        }
        // The worker is gone and replaced when needed: the next decode works.
        #expect(workers.processIDs.isEmpty)
        let image = try await ImageInput(workers: workers).decode(Fixture.data("sample.png"))
        #expect(image.width == 160)
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    // Row 7: Cancel answered at once, but decoding went on after the caller left.
    @Test("a cancelled decode's worker is killed and reaped at once")
    func cancelKills() async throws {
        let workers = DecodeWorkers()
        let decode = Task { try await ImageInput(workers: workers).decode(Self.slow) }
        var pid: Int32?
        for _ in 0..<600 where pid == nil {
            try await Task.sleep(for: .milliseconds(10))
            pid = workers.processIDs.first
        }
        let worker = try #require(pid)
        try await Task.sleep(for: .milliseconds(200))  // decoding by now, seconds of CPU to go
        let atCancel = Self.cpuTime(of: worker) ?? 0
        var last = atCancel
        let cancelled = ContinuousClock.now
        decode.cancel()
        await #expect(throws: CancellationError.self) { _ = try await decode.value }
        // Until reaped, /proc still shows the worker (a zombie keeps its CPU times).
        while let now = Self.cpuTime(of: worker), ContinuousClock.now - cancelled < .seconds(30) {
            last = now
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Self.cpuTime(of: worker) == nil, "worker \(worker) still exists")
        // Decoding on would have taken seconds of CPU more; killed, it took none, however
        // long a loaded machine took to schedule the kill.
        #expect(last - atCancel < 0.5, "worker \(worker) decoded \(last - atCancel) s of CPU after it was cancelled")
        #expect(workers.processIDs.isEmpty)
    }

    /// The CPU seconds `pid` has used, from /proc; nil once it is gone (reaped).
    static func cpuTime(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state is field 3, utime and stime fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    // A worker killed while idle (the OOM killer, a user's kill) failed the next decode with
    // "killed"; one killed by a cancel that came just after its answer was given the next decode.
    @Test("a worker killed while idle is replaced: the next decode works")
    func idleWorkerKilled() async throws {
        let workers = DecodeWorkers(.init(processes: 1))
        let sample = try Fixture.data("sample.png")
        #expect(try await ImageInput(workers: workers).decode(sample).width == 160)
        let idle = try #require(workers.processIDs.first)
        kill(idle, SIGKILL)
        while Self.cpuTime(of: idle).map({ _ in Self.isZombie(idle) }) == false { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await ImageInput(workers: workers).decode(sample).width == 160)
        #expect(workers.processIDs.count == 1 && workers.processIDs.first != idle)
        #expect(Self.cpuTime(of: idle) == nil, "the killed worker was not reaped")
    }

    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: end)...].split(separator: " ").first == "Z"
    }

    // Row 7: every decode held the global stderr lock, so a 40 ms QR job waited 28-110 s.
    @Test("a small decode finishes while a slow one is still running")
    func parallel() async throws {
        let workers = DecodeWorkers(.init(processes: 2))
        let slow = Task { try await ImageInput(workers: workers).decode(Self.slow) }
        for _ in 0..<600 where workers.processIDs.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(200))
        let small = try await ImageInput(workers: workers).decode(Fixture.data("sample.png"))
        #expect(small.width == 160)
        // Still running when the small one is done: cancelled, it never finishes.
        slow.cancel()
        await #expect(throws: CancellationError.self) { _ = try await slow.value }
    }

    // Row 11: decodes at once are bounded by the workers, whatever the callers ask.
    @Test("many decodes at once run in at most the pool's workers and all finish")
    func bounded() async throws {
        let workers = DecodeWorkers(.init(processes: 2))
        let jpeg = ImageBombs.progressiveJPEG(width: 1500, height: 1500, acScans: 9)
        let sampler = Task {
            var most = 0
            for _ in 0..<200 {
                most = max(most, workers.processIDs.count)
                try? await Task.sleep(for: .milliseconds(5))
            }
            return most
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await ImageInput(workers: workers).decode(jpeg).width } }
            for try await width in group { #expect(width == 1500) }
        }
        #expect(await sampler.value <= 2)
    }

    @Test("an animated GIF's worker holds its first frame only")
    func gifFirstFrame() async throws {
        let frame = ImageBombs.Frame(width: 2500, height: 2500)
        let workers = DecodeWorkers()
        let gif = ImageBombs.gif(screen: (2500, 2500), frames: Array(repeating: frame, count: 40), pixels: true)
        let image = try await ImageInput(workers: workers).decode(gif)
        #expect(image.width == 2500 && image.height == 2500)
        // Forty frames held at once would be 250 MB of giflib's rasters alone.
        let status = try String(contentsOfFile: "/proc/\(try #require(workers.processIDs.first))/status", encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        #expect(try #require(peak) < 150_000, "worker peak \(peak ?? 0) kB")
    }

    @Test("every fixture decodes in a worker to the pixels a decode in this process gives")
    func samePixels() async throws {
        let adapters = Fixture.url("sample.png").deletingLastPathComponent()
        let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        var files = try FileManager.default.contentsOfDirectory(at: adapters, includingPropertiesForKeys: nil)
        for folder in ["codes", "languages", "screens"] {
            files += (try? FileManager.default.contentsOfDirectory(at: shared.appendingPathComponent(folder),
                                                                    includingPropertiesForKeys: nil)) ?? []
        }
        let images = files.filter { ["png", "jpg", "gif", "bmp", "tif", "ppm", "pgm", "pbm", "webp"].contains($0.pathExtension) }
        #expect(images.count > 40)
        let input = ImageInput()
        for file in images {
            let data = try Data(contentsOf: file)
            let here = try input.decodeInProcess(data)
            let there = try await input.decode(data)
            #expect(here.width == there.width && here.height == there.height && here.pixels == there.pixels,
                    "\(file.lastPathComponent)")
        }
    }
}
