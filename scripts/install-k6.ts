console.log("postinstall ran")
