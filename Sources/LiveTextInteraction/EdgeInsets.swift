/// Space kept clear inside the canvas' edges, in interface points (pixels at scale 1, so preview
/// pixels in a notification) (VisionKit's `supplementaryInterfaceContentInsets`). TOML order:
/// top, left, bottom, right.
public struct EdgeInsets: Sendable, Hashable {
    /// Pixels kept clear below the top edge.
    public var top: Double
    /// Pixels kept clear right of the left edge.
    public var left: Double
    /// Pixels kept clear above the bottom edge (where the chips and button sit).
    public var bottom: Double
    /// Pixels kept clear left of the right edge.
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// `[top, left, bottom, right]`, the order of the file and of D-Bus `(dddd)`.
    public var values: [Double] { [top, left, bottom, right] }
}
