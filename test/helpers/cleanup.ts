/** Setup file: every test file removes the temporary projects it made, failed or not. */
import { afterAll } from "vitest";
import { removeTempProjects } from "./cli.js";

afterAll(() => removeTempProjects());
