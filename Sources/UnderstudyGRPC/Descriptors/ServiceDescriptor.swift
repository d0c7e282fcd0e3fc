/// A service and its methods, as a descriptor set describes them.
package struct ServiceDescriptor: Sendable, Hashable {
    /// One method of a service.
    package struct Method: Sendable, Hashable {
        /// Its name (`SayHello`).
        package var name: String
        /// The full name of its request message.
        package var inputType: String
        /// The full name of its response message.
        package var outputType: String
        /// Whether the client sends a stream of messages.
        package var clientStreaming: Bool
        /// Whether the server answers with a stream of messages.
        package var serverStreaming: Bool

        package init(name: String, inputType: String, outputType: String, clientStreaming: Bool = false, serverStreaming: Bool = false) {
            self.name = name
            self.inputType = inputType
            self.outputType = outputType
            self.clientStreaming = clientStreaming
            self.serverStreaming = serverStreaming
        }
    }

    /// Its full name (`understudy.test.Greeter`), the first part of a call's path.
    package var fullName: String
    /// Its methods, in declaration order.
    package var methods: [Method]

    package init(fullName: String, methods: [Method]) {
        self.fullName = fullName
        self.methods = methods
    }

    /// The method called `name`.
    package func method(named name: String) -> Method? { methods.first { $0.name == name } }
}
