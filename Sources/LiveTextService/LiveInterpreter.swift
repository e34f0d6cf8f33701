import Foundation
import LiveTextCore
import LiveTextDetectors
import Synchronization

/// The daemon's interpreter: the one the settings give now (region, URL templates), replaced
/// when they are reloaded, reading relative dates ("tomorrow at 3pm") against the time of each
/// analysis rather than the daemon's start, unless the reference time was pinned
/// (`LIVETEXT_REFERENCE_TIME`).
public final class LiveInterpreter: ContentInterpreter {
    private let state: Mutex<AnalysisInterpreter>
    private let pinnedTime: Bool

    public init(_ interpreter: AnalysisInterpreter,
                pinnedTime: Bool = !ProcessInfo.processInfo.environment["LIVETEXT_REFERENCE_TIME", default: ""].isEmpty) {
        state = Mutex(interpreter)
        self.pinnedTime = pinnedTime
    }

    /// The interpreter to use now.
    public var current: AnalysisInterpreter {
        var interpreter = state.withLock { $0 }
        if !pinnedTime { interpreter.context.referenceDate = Date() }
        return interpreter
    }

    /// Uses `interpreter` from now on (the settings changed).
    public func replace(_ interpreter: AnalysisInterpreter) {
        state.withLock { $0 = interpreter }
    }

    public func interpret(_ analysis: inout ImageAnalysis, only: Set<ItemKind>?) {
        current.interpret(&analysis, only: only)
    }
}
