import ArgumentParser

/// The `understudy` command: WireMock-compatible HTTP stubbing from the command line.
@main
struct UnderstudyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "Serve, check, record and import WireMock-format HTTP stubs.",
        discussion: "A root folder holds stub mappings under mappings/ (*.json, any depth) and response files under __files/.",
        version: "0.1.0",
        subcommands: [ServeCommand.self, LintCommand.self, RecordCommand.self, ImportHARCommand.self, CACommand.self, PactCommand.self]
    )
}
