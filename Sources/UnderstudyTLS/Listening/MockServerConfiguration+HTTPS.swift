public import UnderstudyServer

extension MockServerConfiguration {
    /// The HTTPS listener next to the plain-HTTP one (turn that off with
    /// `MockServerConfiguration.httpEnabled`); `nil`, the default, serves
    /// plain HTTP only.
    public var https: HTTPSConfiguration? {
        get { (secureTransport as? HTTPSTransport)?.settings }
        set { secureTransport = newValue.map(HTTPSTransport.init) }
    }
}
