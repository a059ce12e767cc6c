import ArgumentParser

/// `linkrouterd`: the deep-link routing daemon and its tools.
@main
struct LinkRouterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkrouterd",
        abstract: "Deep-link routing for mobile apps: typed routes, interceptors and screen stacks over HTTP.",
        subcommands: [
            ServeCommand.self, CheckCommand.self, ResolveCommand.self, RoutesCommand.self, TestCommand.self,
            HealthcheckCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
