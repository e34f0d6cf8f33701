import Foundation
import Synchronization

/// The copies live surfaces of this process still serve after they closed (GNOME: only the
/// focused client may set the clipboard, so a surface's copy cannot be handed to another
/// process), for a program about to exit that must stay until its copy is replaced, as `wl-copy`
/// does.
public enum SurfaceCopies {
    private static let serving = Mutex<[ClipboardOwnerLoop]>([])

    static func add(_ loop: ClipboardOwnerLoop) {
        serving.withLock { $0.append(loop) }
    }

    /// Whether a closed surface's copy is still on the clipboard, served here.
    public static var isServing: Bool {
        serving.withLock { loops in
            loops.removeAll { loop in loop.shared.withLock { $0.isReplaced } }
            return !loops.isEmpty
        }
    }

    /// Blocks until every such copy was replaced (another program copied, or the compositor went
    /// away), or `timeout` passes (nil: forever). True when they were replaced.
    public static func waitUntilReplaced(timeout: Duration?) -> Bool {
        let end = timeout.map { ContinuousClock.now + $0 }
        return serving.withLock({ $0 }).allSatisfy { loop in
            loop.waitUntilReplaced(timeout: end.map { max(.zero, $0 - ContinuousClock.now) })
        }
    }
}
