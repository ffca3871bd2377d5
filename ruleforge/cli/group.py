"""The `ruleforge` command group; each command lives in a module of its own."""

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruleforge")
def cli() -> None:
    """Card games as rule files: check them, play them, simulate them."""
