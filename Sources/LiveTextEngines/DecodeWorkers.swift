import Foundation
import ImageCodecs
import LiveTextCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Decodes images in worker processes (`livetext decode-worker`), kept warm, one decode each at a
/// time, at most `processes` of them. A worker runs under a CPU-time limit from the image's size
/// and an address-space limit from its probe; a decode whose task is cancelled kills its worker
/// at once (SIGKILL, reaped), and a worker that dies is replaced by a new one when next needed.
/// What the libraries print is captured in the worker, per decode: nothing is serialized
/// through this process's stderr.
///
/// Starting a worker costs what starting `livetext` costs (its libraries loaded): 72 ms in a
/// debug build here, paid once per worker, not per decode (a warm one adds about 1 ms).
public final class DecodeWorkers: Sendable {
    public struct Configuration: Sendable {
        /// The `livetext` executable to start; nil for `defaultExecutable()`.
        public var executable: String?
        /// Workers at most, each decoding one image at a time.
        public var processes: Int
        /// CPU seconds a decode may take.
        public var cpu: CPUBudget
        /// A worker exits after this long without a request (a new one starts when needed).
        public var idle: Duration

        public static let defaultIdle: Duration = .seconds(300)

        public init(executable: String? = nil, processes: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
                    cpu: CPUBudget = CPUBudget(), idle: Duration = Configuration.defaultIdle) {
            self.executable = executable
            self.processes = max(1, processes)
            self.cpu = cpu
            self.idle = idle
        }
    }

    /// The CPU time a decode may take: a base for any image, and so much a megapixel.
    public struct CPUBudget: Sendable, Hashable {
        public var baseSeconds: Int
        public var secondsPerMegapixel: Double

        /// Measured in a worker (CPU time, on this 2-core machine under load): 100 megapixels of
        /// grey PNG 1.5 s, RGB PNG 2.2 s, RGBA PNG 4.5 s (alpha composited), grey progressive
        /// JPEG of 10 scans 1.6 s, of 100 end-of-band scans (the most JPEGLayout lets through)
        /// 3.4 s. 10 s and 0.2 s a megapixel gives 30 s at 100 megapixels, the slowest × 4 and
        /// a margin. JPEG 2000 (openjpeg) was not measured and is slower.
        public init(baseSeconds: Int = 10, secondsPerMegapixel: Double = 0.2) {
            self.baseSeconds = baseSeconds
            self.secondsPerMegapixel = secondsPerMegapixel
        }

        public func seconds(for probe: ImageProbe) -> Int {
            baseSeconds + Int((Double(probe.width * probe.height) / 1e6 * secondsPerMegapixel).rounded(.up))
        }
    }

    /// The pool every `ImageInput` uses unless given another.
    public static let shared = DecodeWorkers()

    private struct State {
        var idle: [DecodeWorkerProcess] = []
        /// Workers running or being started.
        var started = 0
        var running: [pid_t: DecodeWorkerProcess] = [:]
        /// Callers waiting for a worker, first come first served; nil hands over a slot to start one in.
        var waiting: [(id: UInt64, continuation: CheckedContinuation<DecodeWorkerProcess?, any Error>)] = []
        var nextID: UInt64 = 0
    }

    public let configuration: Configuration
    private let state = Mutex(State())

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The process ids of the workers alive now (for tests and diagnostics).
    public var processIDs: [Int32] {
        state.withLock { state in Array(state.running.keys) + state.idle.map(\.pid) }
    }

    /// Decodes `data`, already probed as `probe` under `limits`, in a worker. Throws the decode's
    /// `LiveTextError`, `invalidImage` when the worker took more than its CPU time or crashed,
    /// and `CancellationError` when the task is cancelled (the worker killed).
    public func decode(_ data: Data, probe: ImageProbe, limits: ImageLimits) async throws -> PixelImage {
        let cpuSeconds = configuration.cpu.seconds(for: probe)
        let request = DecodeWorkerWire.Request(
            encodedBytes: data.count, maxPixels: limits.maxPixels, cpuSeconds: cpuSeconds,
            // What the probe says the decode holds, twice over, and room for the libraries' own.
            addressSpaceBytes: min(probe.decodedBytes, Int.max / 4) * 2 + (256 << 20))
        // Wall-clock backstop, for a worker that stops using CPU without answering (stopped).
        let patience = Duration.seconds(cpuSeconds * 10 + 60)
        for attempt in 1...2 {
            let worker = try await acquire()
            do {
                let image = try await withTaskCancellationHandler {
                    try await worker.decode(data, request, patience: patience)
                } onCancel: {
                    worker.kill()
                }
                await giveBack(worker)
                return image
            } catch let failure as DecodeWorkerProcess.Failure {
                release(worker, alive: false)
                try Task.checkCancellation()
                switch failure {
                case .gone where attempt == 1:
                    continue  // it had ended, idle, before the request came: once more on a new one
                case .died(let status) where attempt == 1 && worker.hasAnswered && status & 0x7F == SIGKILL:
                    // A warm worker killed from outside (the OOM killer, a user's kill) as the
                    // request came, its socket still open while its threads ended: once more
                    // on a new one. An image that gets every worker killed fails on the second.
                    continue
                case .gone:
                    throw LiveTextError(.failed, "the image decoder exited without an answer")
                case .overdue:
                    throw LiveTextError(.invalidImage, "decoding took longer than \(patience): stopped")
                case .died(let status):
                    throw Self.death(status, cpuSeconds: cpuSeconds)
                }
            } catch let error as LiveTextError {
                await giveBack(worker)
                throw error
            } catch {
                _ = try? await worker.end(killing: true)
                release(worker, alive: false)
                throw error
            }
        }
        throw LiveTextError(.failed, "the image decoder exited without an answer")
    }

    private static func death(_ status: Int32, cpuSeconds: Int) -> LiveTextError {
        let signal = status & 0x7F
        switch signal {
        case SIGXCPU:
            return LiveTextError(.invalidImage, "decoding took more than \(cpuSeconds) s of CPU: stopped "
                                 + "(a decompression bomb, or an image far too costly to decode)")
        case SIGKILL:
            return LiveTextError(.failed, "the image decoder was killed (out of memory?)")
        case 0:
            return LiveTextError(.failed, "the image decoder exited with status \((status >> 8) & 0xFF)")
        default:
            return LiveTextError(.invalidImage, "the image decoder crashed on this image (signal \(signal))")
        }
    }

    /// An idle worker, a new one, or one handed over when another decode is done.
    private func acquire() async throws -> DecodeWorkerProcess {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let granted = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<DecodeWorkerProcess?, any Error>) in
                enum Grant { case worker(DecodeWorkerProcess), start, wait }
                let grant = state.withLock { state -> Grant in
                    if let worker = state.idle.popLast() {
                        state.running[worker.pid] = worker
                        return .worker(worker)
                    }
                    if state.started < configuration.processes {
                        state.started += 1
                        return .start
                    }
                    state.waiting.append((id, continuation))
                    return .wait
                }
                switch grant {
                case .worker(let worker): continuation.resume(returning: worker)
                case .start: continuation.resume(returning: nil)
                case .wait: if Task.isCancelled { stopWaiting(id) }
                }
            }
        } onCancel: {
            stopWaiting(id)
        }
        if let granted { return granted }
        do {
            let worker = try DecodeWorkerProcess.start(executable: try executable())
            state.withLock { $0.running[worker.pid] = worker }
            return worker
        } catch {
            passOnSlot()
            throw error
        }
    }

    private func stopWaiting(_ id: UInt64) {
        let waiter = state.withLock { state in
            state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
        }
        waiter?.continuation.resume(throwing: CancellationError())
    }

    /// Gives back a worker that answered; one killed meanwhile (cancelled just after its answer,
    /// which stands) is reaped instead, never handed another decode.
    private func giveBack(_ worker: DecodeWorkerProcess) async {
        if worker.wasKilled {
            _ = try? await worker.end(killing: true)
            release(worker, alive: false)
        } else {
            release(worker, alive: true)
        }
    }

    /// Gives `worker` back: to the next caller waiting, else to the idle; a dead one's slot goes
    /// to the next caller waiting, to start a new worker in.
    private func release(_ worker: DecodeWorkerProcess, alive: Bool) {
        let next = state.withLock { state -> CheckedContinuation<DecodeWorkerProcess?, any Error>? in
            state.running[worker.pid] = nil
            guard alive else { return nil }
            guard !state.waiting.isEmpty else {
                state.idle.append(worker)
                return nil
            }
            state.running[worker.pid] = worker
            return state.waiting.removeFirst().continuation
        }
        if alive {
            next?.resume(returning: worker)
        } else {
            passOnSlot()
        }
    }

    /// A slot freed by a worker that died or never started: to a waiting caller, or back.
    private func passOnSlot() {
        let next = state.withLock { state -> CheckedContinuation<DecodeWorkerProcess?, any Error>? in
            guard !state.waiting.isEmpty else {
                state.started -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: nil)
    }

    private func executable() throws -> String {
        if let path = configuration.executable { return path }
        guard let path = Self.defaultExecutable() else {
            throw LiveTextError(.failed, "cannot find the livetext executable to decode images in")
        }
        return path
    }

    /// This process's executable when it is `livetext` (as `/proc/self/exe`, which still runs it
    /// when the file was replaced by an upgrade since), else a `livetext` in the same directory
    /// (a test runner beside the build's binary); nil when there is neither.
    public static func defaultExecutable() -> String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let file = URL(fileURLWithPath: path.hasSuffix(" (deleted)") ? String(path.dropLast(10)) : path)
        if file.lastPathComponent == "livetext" { return "/proc/self/exe" }
        let sibling = file.deletingLastPathComponent().appendingPathComponent("livetext").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }
}
