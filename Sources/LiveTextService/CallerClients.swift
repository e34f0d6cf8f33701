import DBusKit

/// The client, a process, behind each bus connection that calls: the limits are a client's, so
/// a program that opens sixteen connections has one share, not sixteen.
actor CallerClients {
    private let bus: DBusConnection
    private var clients: [String: String] = [:]
    /// Identities established, by connection: what a connection's process was when it was
    /// first looked at stays true for the connection's life (a process does not leave its
    /// sandbox), so it is looked up once.
    private var identities: [String: CallerIdentity] = [:]

    init(bus: DBusConnection) {
        self.bus = bus
    }

    /// `pid N` for the connection `sender`; the connection's own name when the bus does not say
    /// (a peer on another machine over TCP).
    func client(of sender: String) async -> String {
        if let known = clients[sender] { return known }
        // The gate has looked the process up already, for every call that comes through it.
        var pid = identities[sender]?.pid
        if pid == nil { pid = try? await bus.unixProcessID(of: sender) }
        let client = pid.map { "pid \($0)" } ?? sender
        clients[sender] = client
        return client
    }

    func identity(of sender: String) -> CallerIdentity? { identities[sender] }

    /// Keeps an established identity (an unknown one is looked for again next time).
    func remember(_ identity: CallerIdentity, of sender: String) {
        if case .unknown = identity { return }
        identities[sender] = identity
    }

    /// Forgets a connection that left the bus.
    func forget(_ sender: String) {
        clients[sender] = nil
        identities[sender] = nil
    }
}
