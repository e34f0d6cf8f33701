import Foundation
import LiveTextCore
import X11Kit

/// What to capture: the CLI's `capture` flags and the options of `CaptureScreen`, in one type.
public enum CaptureRequest: Sendable, Hashable, CustomStringConvertible {
    /// The user drags a rectangle over the frozen screen; a click picks the window under it.
    case select
    /// The user clicks a window; its on-screen area is captured.
    case pickWindow
    /// The whole screen, every monitor.
    case screen
    /// One monitor, by its index in the order the server lists them.
    case monitor(Int)
    /// A window by its X id (client or frame): the area it covers on screen, as seen.
    case window(UInt)
    /// A rectangle in screen coordinates.
    case region(Bounds)

    /// Whether the user takes part (a selection or a click).
    public var isInteractive: Bool {
        switch self {
        case .select, .pickWindow: true
        default: false
        }
    }

    /// What X11Kit captures for a request the user takes no part in; nil for `select` and
    /// `pickWindow`.
    public var fixedTarget: CaptureTarget? {
        switch self {
        case .select, .pickWindow: nil
        case .screen: .screen
        case .monitor(let index): .monitor(index)
        case .window(let id): .window(id)
        case .region(let bounds): .region(bounds)
        }
    }

    /// How the request reads in a log line: `screen`, `monitor:1`, `window:0x1a00007`,
    /// `region:10,20,600x200`, `selection`.
    public var description: String {
        switch self {
        case .select: "selection"
        case .pickWindow: "window"
        case .screen: "screen"
        case .monitor(let index): "monitor:\(index)"
        case .window(let id): "window:0x" + String(id, radix: 16)
        case .region(let r): "region:\(r.x),\(r.y),\(r.width)x\(r.height)"
        }
    }

    /// Parses `X,Y,W,H` (`--region`); throws `invalidArgs` saying what is wrong.
    public static func region(parsing text: String) throws -> CaptureRequest {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4, let x = Int(parts[0]), let y = Int(parts[1]),
              let width = Int(parts[2]), let height = Int(parts[3]) else {
            throw LiveTextError(.invalidArgs, "region '\(text)' is not X,Y,WIDTH,HEIGHT (e.g. 0,0,600,200)")
        }
        guard width > 0, height > 0 else {
            throw LiveTextError(.invalidArgs, "region '\(text)' is empty: width and height must be positive")
        }
        return .region(Bounds(x: x, y: y, width: width, height: height))
    }

    /// Parses a window id as `xwininfo` and `xdotool` print it: `0x1a00007` or decimal.
    public static func window(parsing text: String) throws -> CaptureRequest {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value: UInt?
        if trimmed.lowercased().hasPrefix("0x") {
            value = UInt(trimmed.dropFirst(2), radix: 16)
        } else {
            value = UInt(trimmed)
        }
        guard let value, value != 0 else {
            throw LiveTextError(.invalidArgs, "window '\(text)' is not a window id (e.g. 0x1a00007, as xwininfo prints it)")
        }
        return .window(value)
    }
}
