import Synchronization

/// An object a display backend makes on first use and keeps (a clipboard owner and its
/// connection): made outside the lock, since making it may take a round trip; a second one made
/// meanwhile by another thread is closed again; one found broken is dropped, and the next use
/// makes a new one.
public final class MadeOnFirstUse<Object: AnyObject & Sendable>: Sendable {
    private let object = Mutex<Object?>(nil)
    private let make: @Sendable () throws -> Object
    private let close: @Sendable (Object) -> Void

    public init(make: @escaping @Sendable () throws -> Object, close: @escaping @Sendable (Object) -> Void) {
        self.make = make
        self.close = close
    }

    /// The object if it was made and not dropped since.
    public var current: Object? { object.withLock { $0 } }

    /// The object, made now if there is none.
    public func get() throws -> Object {
        if let current { return current }
        let fresh = try make()
        let (kept, spare) = object.withLock { object -> (Object, Object?) in
            if let object { return (object, fresh) }
            object = fresh
            return (fresh, nil)
        }
        if let spare { close(spare) }
        return kept
    }

    /// Closes `stale` and forgets it, unless another one replaced it meanwhile.
    public func drop(_ stale: Object) {
        object.withLock { object in
            if object === stale { object = nil }
        }
        close(stale)
    }

    /// Closes the object, if there is one, and forgets it.
    public func closeNow() {
        let stale = object.withLock { object in
            defer { object = nil }
            return object
        }
        if let stale { close(stale) }
    }
}
