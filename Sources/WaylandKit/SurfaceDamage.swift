import CWayland
import LiveTextCore

/// What changed in a surface's next commit, told to the compositor.
enum SurfaceDamage {
    /// Marks `rects` (buffer pixels) of `surface`'s next commit as changed; before version 4 of
    /// wl_surface, damage is in surface units, so the whole surface is marked.
    static func mark(_ surface: OpaquePointer, _ rects: [Bounds]) {
        guard wl_proxy_get_version(surface) >= 4 else {
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
            return
        }
        for rect in rects {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
    }
}
