import DBusKit
import LiveTextCore
import Synchronization

/// Reads the text applications show from the accessibility bus: a connection of its own to that
/// bus, every call with a short deadline, calls sent together and their replies collected as they
/// come (never `Properties.GetAll`, which crashes Qt applications).
///
/// ```swift
/// let reader = try await AccessibilityReader.connect(sessionAddress: nil)
/// let screen = await reader.read()          // within 150 ms, whatever answered
/// ```
public final class AccessibilityReader: Sendable {
    let connection: DBusConnection

    init(connection: DBusConnection) {
        self.connection = connection
    }

    deinit { connection.close() }

    /// Finds the accessibility bus through the session bus (`sessionAddress` nil: the process's
    /// own) and connects to it. Throws `LiveTextError(.unavailable)` when there is none.
    public static func connect(sessionAddress: String?, timeout: Duration = .milliseconds(500)) async throws
        -> AccessibilityReader
    {
        let address = try await AccessibilityBus.address(sessionAddress: sessionAddress, timeout: timeout)
        return try await connect(busAddress: address, within: timeout)
    }

    /// Connects to the accessibility bus at `busAddress`, within `limit`.
    public static func connect(busAddress: String, within limit: Duration = .seconds(1)) async throws -> AccessibilityReader {
        do {
            let connection = try await DBusConnection.connect(address: busAddress, within: limit)
            return AccessibilityReader(connection: connection)
        } catch {
            throw LiveTextError(.unavailable, "cannot connect to the accessibility bus at \(busAddress)")
        }
    }

    /// Whether the bus still holds the connection (a restarted bus needs a new reader).
    public var isConnected: Bool { connection.isConnected }

    public func close() { connection.close() }

    /// Walks every application's visible text within `limits`; what has not answered by the
    /// deadline is left out (`finished` false). Never throws: a bus that fails is an empty screen.
    public func read(limits: AccessibilityLimits = .standard) async -> AccessibleScreen {
        let clock = ContinuousClock()
        let start = clock.now
        let found = Found()
        let walk = AccessibilityWalk(connection: connection, limits: limits)
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await walk.run { application in found.add(application) }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limits.deadline)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        return AccessibleScreen(applications: found.all, finished: finished, elapsed: clock.now - start)
    }
}

/// The applications read so far, kept when the deadline cancels the rest.
private final class Found: Sendable {
    private let applications = Mutex<[AccessibleApplication]>([])

    func add(_ application: AccessibleApplication) { applications.withLock { $0.append(application) } }

    var all: [AccessibleApplication] { applications.withLock { $0 } }
}
