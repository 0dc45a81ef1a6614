console.error("idsmith CLI: not built yet"); process.exit(2);
