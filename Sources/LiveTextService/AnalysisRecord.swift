import DBusKit
import LiveTextCore

/// One analysis the service holds for a caller, at an unguessable `/org/livetext/analysis/TOKEN`;
/// `id` counts the analyses for the log.
actor AnalysisRecord {
    enum State: String, Sendable {
        case pending, finished, failed, cancelled
    }

    let id: Int
    /// The bus connection that asked for it: the only one that may read it.
    let owner: String
    /// The process behind `owner`, whose quota it counts against.
    let client: String
    /// A screen capture: a newer capture by the same caller cancels it (the image it would read
    /// is stale).
    let isCapture: Bool
    /// The caller asked for something beyond the result (a copy, a notification): the work goes
    /// on when the caller leaves the bus, as a script's `gdbus call` does at once.
    let outlivesCaller: Bool
    /// Exported as an object, announced by `AnalysisFinished`; `Analyze` keeps its records off
    /// the bus and replies with the result instead.
    let isOnBus: Bool
    /// The live surface's: `analysis` fills in as the screen is read, while the state is
    /// `pending`, and the record ends when the user closes the surface.
    let isLive: Bool
    /// The display the request named (options `display`, `xauthority`), for its `Copy` and
    /// actions; nil: the daemon's own.
    let display: String?
    let xauthority: String?
    let waylandDisplay: String?
    /// The `Analysis1` properties the result makes (sent in `PropertiesChanged` when it changes).
    static let resultProperties = ["ImageSize", "Text", "Json", "Items", "Codes", "QuickActions", "Tables"]
    nonisolated let path = ServiceNames.newAnalysisPath()
    /// Only the caller may read the result or act on it; anyone may ask for its `State`.
    nonisolated var access: DBusObjectAccess {
        DBusObjectAccess(owner: owner, publicMembers: ["State"], deniedError: LiveTextError.Code.accessDenied.dbusName)
    }
    private(set) var state: State = .pending
    private(set) var error: LiveTextError?
    private(set) var analysis: ImageAnalysis?
    private var task: Task<Void, Never>?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(id: Int, owner: String, client: String, isCapture: Bool = false, outlivesCaller: Bool = false,
         isOnBus: Bool = true, isLive: Bool = false, display: String? = nil, xauthority: String? = nil,
         waylandDisplay: String? = nil) {
        self.display = display
        self.xauthority = xauthority
        self.waylandDisplay = waylandDisplay
        self.isOnBus = isOnBus
        self.isLive = isLive
        self.id = id
        self.owner = owner
        self.client = client
        self.isCapture = isCapture
        self.outlivesCaller = outlivesCaller
    }

    /// Starts the work; `finished` is called once with the final state.
    func start(_ work: @escaping @Sendable () async throws -> ImageAnalysis,
               finished: @escaping @Sendable (AnalysisRecord, State) async -> Void) {
        task = Task {
            let outcome: Result<ImageAnalysis, LiveTextError>
            do {
                outcome = .success(try await work())
            } catch let error as LiveTextError {
                outcome = .failure(error)
            } catch is CancellationError {
                outcome = .failure(.cancelled)
            } catch {
                outcome = .failure(LiveTextError(.failed, "\(error)"))
            }
            guard let state = self.complete(outcome) else { return }
            await finished(self, state)
        }
    }

    /// Records the outcome unless the analysis ended already (cancelled); returns the new state.
    private func complete(_ outcome: Result<ImageAnalysis, LiveTextError>) -> State? {
        guard state == .pending else { return nil }
        switch outcome {
        case .success(let result):
            analysis = result
            state = .finished
        case .failure(let failure):
            error = failure
            state = failure.code == .cancelled ? .cancelled : .failed
        }
        waiters.forEach { $0.resume() }
        waiters = []
        return state
    }

    /// A reading of a live analysis still pending (the whole so far); false once it ended.
    func update(_ reading: ImageAnalysis) -> Bool {
        guard state == .pending else { return false }
        analysis = reading
        return true
    }

    /// Cancels a pending analysis; true when it was still running.
    @discardableResult
    func cancel() -> Bool {
        guard state == .pending else { return false }
        task?.cancel()
        error = .cancelled
        state = .cancelled
        waiters.forEach { $0.resume() }
        waiters = []
        return true
    }

    /// Returns once the work has stopped (after a cancel it may still be unwinding), or after
    /// `limit`, whichever comes first.
    func workEnded(within limit: Duration) async {
        guard let task else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await task.value }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns when the analysis is no longer pending.
    func wait() async {
        guard state == .pending else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
