import CDBus

/// A signal subscription: its rule and the stream it feeds.
struct Subscription {
    let rule: DBusMatchRule
    let continuation: AsyncStream<DBusIncomingSignal>.Continuation
}

extension ConnectionCore {
    /// Registers a subscription first and adds the bus match second, so that no signal can slip through
    /// between the `AddMatch` reply and the registration.
    func subscribe(_ rule: DBusMatchRule) async throws -> AsyncStream<DBusIncomingSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: DBusIncomingSignal.self, bufferingPolicy: .unbounded)
        let id: UInt64 = await withCheckedContinuation { (result: CheckedContinuation<UInt64, Never>) in
            queue.async {
                let id = self.makeID()
                if self.connected {
                    self.subscriptions[id] = Subscription(rule: rule, continuation: continuation)
                } else {
                    continuation.finish()
                }
                result.resume(returning: id)
            }
        }
        do {
            _ = try await busCall("AddMatch", [.string(rule.description)])
        } catch {
            queue.async { self.subscriptions.removeValue(forKey: id)?.continuation.finish() }
            throw error
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.queue.async {
                guard self.subscriptions.removeValue(forKey: id) != nil else { return }
                // Fire and forget: nobody waits for the RemoveMatch reply.
                if let message = try? Message.methodCall(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: "RemoveMatch", arguments: [.string(rule.description)])
                {
                    dbus_message_set_no_reply(message.raw, 1)
                    self.send(message)
                }
            }
        }
        return stream
    }

    func deliverSignal(_ message: Message) {
        guard !subscriptions.isEmpty, let path = message.path, let interface = message.interface,
              let member = message.member
        else { return }
        let signal = DBusIncomingSignal(sender: message.sender ?? "", path: DBusObjectPath(unchecked: path),
                                        interface: interface, member: member, arguments: message.arguments())
        for (_, subscription) in subscriptions where subscription.rule.matches(signal) {
            subscription.continuation.yield(signal)
        }
    }

    /// A call to the bus driver `org.freedesktop.DBus`.
    func busCall(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        let message = try Message.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                             interface: "org.freedesktop.DBus", member: member, arguments: arguments)
        return try await call(message, timeoutMilliseconds: -1)
    }
}
