import Dispatch

/// The user drags a rectangle over the frozen screen of a `LiveCanvas`: the interactive
/// selection of a display server that has a canvas but no selection of its own (Wayland, where
/// the canvas is a layer-shell surface). X11 has its own (`X11Kit.RegionSelector`, which also
/// picks windows).
///
/// Button 1 drags the rectangle, from the press point to the release point (excluded), drawn as a
/// frame over a light fill; a click without a drag takes the whole canvas (the output it covers);
/// Escape, button 3, `cancel` and the timeout throw `cancelled`.
public struct CanvasSelection {
    /// Within this many pixels of the press, a release is a click.
    public static let clickSlop = 3
    /// How long the pointer holds still over a rectangle before `atRest` hears of it (as on X11).
    public static let restDelay: Duration = .milliseconds(120)

    static let frameColor = LiveColor(red: 0x33, green: 0x99, blue: 0xFF)
    static let fillColor = LiveColor(red: 0x33, green: 0x99, blue: 0xFF, alpha: 40)

    /// A rest check sent to the canvas `restDelay` after a motion: `serial` is that motion's.
    struct RestCheck: Sendable { let serial: Int }
    /// Sent when the selection has waited `timeout`.
    struct TimedOut: Sendable {}

    /// The selection's state between events: the press point, the rectangle, the latest motion.
    struct Drag {
        var start: (x: Int, y: Int)
        var rect: Bounds
        var serial = 0
        var reported: Bounds?
    }

    /// Shows `canvas` (mapped and holding input), lets the user drag, and returns the pixels of
    /// the rectangle as they were frozen, in screen coordinates. `atRest` hears what the dragged
    /// rectangle holds each time the pointer has held still over a new one, on the canvas's
    /// thread. The canvas is closed when this returns or throws.
    public static func select(on canvas: any LiveCanvas, cancel: CancellationFlag?, timeout: Duration = .seconds(300),
                              atRest: ((CapturedImage) -> Void)? = nil) throws -> CapturedImage {
        defer { canvas.close() }
        try canvas.map()
        if !canvas.grabInputIfFree() { try canvas.grabInput(cancel: cancel) }
        let frozen = try canvas.frozen()
        let origin = canvas.area
        let seen = { (rect: Bounds) in
            CapturedImage(image: frozen.image.cropped(to: rect),
                          bounds: Bounds(x: rect.x + origin.x, y: rect.y + origin.y, width: rect.width, height: rect.height))
        }
        let whole = Bounds(x: 0, y: 0, width: origin.width, height: origin.height)
        var drag: Drag?
        var chosen: Bounds?
        var timedOut = false
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout / .milliseconds(1)))) {
            canvas.send(TimedOut())
        }
        let ending = try canvas.run(cancel: cancel) { event in
            switch event {
            case .press(let press) where press.button == 1:
                drag = Drag(start: (press.x, press.y), rect: Bounds(x: press.x, y: press.y, width: 0, height: 0))
            case .press(let press) where press.button == 3:
                drag = nil
                timedOut = false
                canvas.finish()
            case .motion(let x, let y, _):
                guard var current = drag else { return }
                current.rect = rectangle(from: current.start, to: (x, y)).intersection(whole)
                current.serial += 1
                drag = current
                try canvas.setPaints(paints(for: current.rect))
                let serial = current.serial
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(restDelay / .milliseconds(1)))) {
                    canvas.send(RestCheck(serial: serial))
                }
            case .release(let release) where release.button == 1:
                guard let current = drag else { return }
                let isClick = abs(release.x - current.start.x) <= clickSlop && abs(release.y - current.start.y) <= clickSlop
                let rect = rectangle(from: current.start, to: (release.x, release.y)).intersection(whole)
                chosen = isClick || rect.isEmpty ? whole : rect
                canvas.finish()
            case .message(let check as RestCheck):
                guard var current = drag, check.serial == current.serial, !current.rect.isEmpty,
                      current.rect != current.reported else { return }
                current.reported = current.rect
                drag = current
                atRest?(seen(current.rect))
            case .message(is TimedOut):
                timedOut = true
                canvas.finish()
            default:
                break
            }
        }
        guard ending == .finished, let chosen else {
            if timedOut { throw LiveTextError(.cancelled, "selection cancelled: nothing was chosen within \(timeout)") }
            throw LiveTextError(.cancelled, "selection cancelled")
        }
        return seen(chosen)
    }

    /// The rectangle from the press point to the pointer, the pointer's pixel excluded.
    static func rectangle(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) -> Bounds {
        Bounds(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
    }

    /// What is drawn for `rect`: a light fill, and a frame of two pixels around it.
    static func paints(for rect: Bounds) -> [LivePaint] {
        guard !rect.isEmpty else { return [] }
        return [.fill(rect, fillColor), .frame(rect, frameColor, width: 2)]
    }
}
